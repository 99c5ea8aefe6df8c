import { listOutboxMails } from "#domain/mail/outbox-contracts.ts";
import { RouteError } from "../components/ui/route-error.tsx";
import { OutboxBacklog } from "../features/back-office/outbox/outbox-backlog.tsx";
import { OutboxTable } from "../features/back-office/outbox/outbox-table.tsx";
import { retryMailFromForm } from "../features/back-office/outbox/retry-mail-action.ts";
import { call } from "../lib/call.ts";
import { appPageMeta } from "../lib/page-meta.ts";
import type { Route } from "./+types/back-office-outbox";

export const meta = () => appPageMeta("Outbox");

export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  call(listOutboxMails, {}, { signal: request.signal });

export const clientAction = retryMailFromForm;

export const ErrorBoundary = RouteError;

export default function BackOfficeOutbox({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-2xl font-bold">Outbox</h1>
      <p className="mt-1 text-slate-700">
        Every e-mail the site sends, newest first. Without SMTP configured, mail waits here.
      </p>
      <p className="mt-1 text-slate-700">
        Links that open an account, a saved application, a quote or an opt-out are hidden here (shown as #[hidden-1]):
        only the recipient&apos;s mail has them.
      </p>
      <OutboxBacklog backlog={loaderData.backlog} />
      <OutboxTable mails={loaderData.mails} />
    </>
  );
}
