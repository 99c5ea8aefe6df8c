import type { OutboxBacklog as Backlog } from "#domain/mail/outbox-contracts.ts";

/** How many mails wait and for how long: for admins only (public health answers carry no counts). */
export function OutboxBacklog({ backlog }: { backlog: Backlog }) {
  if (backlog.pending === 0) return <p className="mt-1 text-slate-700">No mail is waiting.</p>;
  const minutes = Math.floor(backlog.oldestAgeSeconds / 60);
  return (
    <p className="mt-1 text-slate-700">
      {backlog.pending === 1 ? "1 mail is waiting" : `${backlog.pending} mails are waiting`}, the oldest for{" "}
      {minutes === 1 ? "1 minute" : `${minutes} minutes`}.
    </p>
  );
}
