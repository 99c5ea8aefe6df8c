import { useEffect, useState } from "react";
import type { Me } from "#domain/api/me.ts";
import { ApiError, apiRequest } from "../../lib/api.ts";

export type MeState = { status: "loading" } | { status: "signed-out" } | { status: "signed-in"; me: Me } | { status: "error"; message: string };

/** The signed-in user from /api/me, re-read whenever `version` changes. */
export function useMe(version = 0): MeState {
  const [state, setState] = useState<MeState>({ status: "loading" });
  useEffect(() => {
    const controller = new AbortController();
    apiRequest<Me>("/api/me", { signal: controller.signal })
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
  await apiRequest("/api/auth/sign-out", { method: "POST", body: {} });
}
