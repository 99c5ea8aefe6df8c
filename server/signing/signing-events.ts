import type { DbExecutor } from "../db/client.ts";
import { signingEvent } from "./tables.ts";

/** Where a step came from: the browser's address and user agent (the certificate of completion prints them). */
export type SigningClient = { ipAddress: string; userAgent: string };

/** The request's client, the user agent cut to what a certificate line can hold. */
export const signingClient = (request: { ip: string; headers: Record<string, unknown> }): SigningClient => ({
  ipAddress: request.ip,
  userAgent: String(request.headers["user-agent"] ?? "").slice(0, 500),
});

type EventKind = (typeof signingEvent.$inferInsert)["kind"];

/** One step of a package, for its history and the certificate of completion. */
export async function recordSigningEvent(
  tx: DbExecutor,
  event: {
    packageId: string;
    kind: EventKind;
    signerId?: string | null;
    documentId?: string | null;
    actorUserId?: string | null;
    detail?: string;
    client?: SigningClient;
    at?: Date;
  },
): Promise<void> {
  await tx.insert(signingEvent).values({
    packageId: event.packageId,
    kind: event.kind,
    signerId: event.signerId ?? null,
    documentId: event.documentId ?? null,
    actorUserId: event.actorUserId ?? null,
    detail: event.detail ?? "",
    ipAddress: event.client?.ipAddress ?? null,
    userAgent: event.client?.userAgent ?? null,
    ...(event.at ? { at: event.at } : {}),
  });
}
