import { useEffect, useState } from "react";
import { signOut as signOutEndpoint } from "#domain/api/auth.ts";
import { getMe, type Me } from "#domain/api/me.ts";
import { ApiError, call } from "../../lib/call.ts";

export type MeState = { status: "loading" } | { status: "signed-out" } | { status: "signed-in"; me: Me } | { status: "error"; message: string };

/**
 * The signed-in user from /api/me, re-read whenever `version` changes. Only the portal screen
 * still reads it this way: once it is guarded by a layout's middleware (app/lib/session.ts), this
 * hook goes.
 */
export function useMe(version = 0): MeState {
  const [state, setState] = useState<MeState>({ status: "loading" });
  useEffect(() => {
    const controller = new AbortController();
    call(getMe, {}, { signal: controller.signal })
      .then((me) => setState({ status: "signed-in", me }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 401) setState({ status: "signed-out" });
        else setState({ status: "error", message: (error as Error).message });
      });
    return () => controller.abort();
  }, [version]);
  return state;
}

export async function signOut(): Promise<void> {
  await call(signOutEndpoint, { body: {} });
}
