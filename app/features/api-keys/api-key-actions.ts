import { createPortalApiKey, revokeBackOfficeApiKey, revokePortalApiKey } from "#domain/api-keys/contracts.ts";
import { ApiError, call } from "../../lib/call.ts";

/** What the API-key screens post to their route's action (field `intent`). */
export const apiKeyIntents = { create: "create", revoke: "revoke" } as const;

export type ApiKeyActionResult =
  | { ok: true; intent: "create"; name: string; secret: string }
  | { ok: true; intent: "revoke"; message: string }
  | { ok: false; message: string };

async function answer(run: () => Promise<ApiKeyActionResult>): Promise<ApiKeyActionResult> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, message: `That did not work. ${error.message}` };
    throw error;
  }
}

/** The portal's action: create a key (its secret comes back once) or revoke one of the company's. */
export function runPortalApiKeyAction(form: FormData): Promise<ApiKeyActionResult> {
  return answer(async () => {
    if (form.get("intent") === apiKeyIntents.create) {
      const created = await call(createPortalApiKey, { body: { name: String(form.get("name") ?? "") } });
      return { ok: true, intent: "create", name: created.key.name, secret: created.secret };
    }
    await call(revokePortalApiKey, { params: { id: String(form.get("id") ?? "") } });
    return { ok: true, intent: "revoke", message: "Key revoked: it is refused from now on." };
  });
}

/** The back office's action: revoke any company's key. */
export function runBackOfficeApiKeyAction(form: FormData): Promise<ApiKeyActionResult> {
  return answer(async () => {
    await call(revokeBackOfficeApiKey, { params: { id: String(form.get("id") ?? "") } });
    return { ok: true, intent: "revoke", message: "Key revoked: it is refused from now on." };
  });
}
