import { useFetcher, useLocation } from "react-router";
import { optOutOfStatusMails } from "#domain/mail/status-mail-contracts.ts";
import { optOutMessages } from "#domain/leads/applicant-status.ts";
import { Alert } from "../components/ui/alert.tsx";
import { Button } from "../components/ui/button.tsx";
import { PublicLayout } from "../features/site-chrome/public-layout.tsx";
import { ApiError, call } from "../lib/call.ts";
import { appPageMeta } from "../lib/page-meta.ts";
import type { Route } from "./+types/status-mail-opt-out";

export const meta = () => appPageMeta("Status e-mails");

type OptOutResult = { ok: true } | { ok: false; message: string };

/** Posts the token the mail's link carried in its fragment (so it never reached a server log). */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<OptOutResult> {
  const { token } = (await request.json()) as { token: string };
  try {
    await call(optOutOfStatusMails, { body: { token } }, { signal: request.signal });
    return { ok: true };
  } catch (error) {
    return {
      ok: false,
      message:
        error instanceof ApiError && error.status !== 410 && error.status !== 400
          ? error.message
          : optOutMessages.unknown,
    };
  }
}

/** Where a status mail's "Stop status e-mails" link lands (`/status-mails/opt-out#<token>`): one button, then the answer. */
export default function StatusMailOptOut() {
  const { hash } = useLocation();
  const token = /^#([A-Za-z0-9_-]{43})$/.exec(hash)?.[1] ?? null;
  const fetcher = useFetcher<OptOutResult>();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;

  return (
    <PublicLayout>
      <div className="mx-auto max-w-xl px-4 py-12">
        <h1 className="text-3xl font-bold text-brand-900">Status e-mails</h1>
        {result?.ok ? (
          <Alert tone="success" className="mt-6">
            {optOutMessages.done}
          </Alert>
        ) : !token || result ? (
          <Alert className="mt-6">{result && !result.ok ? result.message : optOutMessages.unknown}</Alert>
        ) : (
          <div className="mt-6">
            <p>{optOutMessages.ask}</p>
            <Button
              className="mt-6"
              disabled={fetcher.state !== "idle"}
              onClick={() => void fetcher.submit({ token }, { method: "post", encType: "application/json" })}
            >
              Stop status e-mails
            </Button>
          </div>
        )}
      </div>
    </PublicLayout>
  );
}
