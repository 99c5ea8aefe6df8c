import { approvalTermRows } from "#domain/funders/approval-terms.ts";
import type { PortalApproval } from "#domain/funders/deal-funder-contracts.ts";

const longDate = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", {
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });

/** When it expires, in words: a countdown while it lasts (docs/product-rules.md#r54-the-funder-network). */
export function expiryWords(approval: NonNullable<PortalApproval>): string {
  const { daysLeft, expiresOn } = approval;
  if (approval.expired || daysLeft < 0)
    return `Expired on ${longDate(expiresOn)}: documents wait until the credit team renews it.`;
  if (daysLeft === 0) return `Expires today, ${longDate(expiresOn)}.`;
  return `Expires on ${longDate(expiresOn)}: ${daysLeft} ${daysLeft === 1 ? "day" : "days"} left.`;
}

/**
 * The approval the credit team presented for the deal: its terms and expiry, marked "Expired" once it
 * has; the funder's name only when an admin lets dealers see it.
 */
export function ApprovalSection({ approval }: { approval: NonNullable<PortalApproval> }) {
  const terms = approvalTermRows(approval);
  return (
    <section
      aria-labelledby="approval-heading"
      className={`mt-6 rounded border p-4 ${approval.expired ? "border-red-300 bg-red-50" : "border-green-300 bg-green-50"}`}
    >
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="approval-heading" className="text-xl font-semibold">
          Approval
        </h2>
        {approval.expired ? (
          <span className="rounded bg-red-800 px-2 py-0.5 text-sm font-semibold text-white">Expired</span>
        ) : null}
      </div>
      <dl className="mt-2 grid gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
        {terms.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {approval.conditions ? <p className="mt-2">Conditions: {approval.conditions}</p> : null}
      <p className={`mt-2 font-semibold ${approval.expired ? "text-red-800" : ""}`}>{expiryWords(approval)}</p>
    </section>
  );
}
