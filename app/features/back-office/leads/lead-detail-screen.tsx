import { Link } from "react-router";
import type { AdverseActionState } from "#domain/adverse-action/contracts.ts";
import type { DuplicateLink } from "#domain/duplicates/contracts.ts";
import type { LeadDetail, RelatedLead } from "#domain/leads/back-office-contracts.ts";
import { creditApplicationOwnerFields } from "#domain/leads/kinds/credit-application.ts";
import { leadHistoryFieldLabels } from "#domain/leads/lead-fields.ts";
import { leadFieldLabels } from "#domain/leads/lead-kinds.ts";
import { leadTypeLabels } from "#domain/leads/lead-inbox.ts";
import { formatUsd } from "#domain/pricing/money-format.ts";
import { formatBusinessDateTime } from "#domain/site/business-time.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Table, type TableColumn } from "../../../components/ui/table.tsx";
import { brand } from "../../../lib/public-config.ts";
import { AdverseActionSection } from "../adverse-action/adverse-action-section.tsx";
import { ApplicationDecision } from "../adverse-action/application-decision.tsx";
import { DuplicateFlag } from "../duplicates/duplicate-links.tsx";
import { LeadFieldsList } from "./lead-fields-list.tsx";
import { LeadDeal } from "./lead-deal.tsx";
import { LeadHandling } from "./lead-handling.tsx";
import { useReveal } from "./use-reveal.tsx";

const when = (iso: string) => formatBusinessDateTime(new Date(iso), brand.timeZone);

export const leadPath = (lead: { type: string; id: string }) => `/back-office/leads/${lead.type}/${lead.id}`;

type Payment = { term: string; payment: number };
const paymentColumns: TableColumn<Payment>[] = [
  {
    key: "term",
    header: "Term",
    rowHeader: true,
    cell: (row) => (row.term === "desired" ? "Desired term" : `${row.term} months`),
  },
  { key: "payment", header: "Estimated monthly payment", cell: (row) => formatUsd(row.payment) },
];

/** The payments stored with the lead when it arrived (the server's quote), by term. */
function StoredPayments({ payments }: { payments: Record<string, number> | null }) {
  const rows = Object.entries(payments ?? {})
    .map(([term, payment]) => ({ term, payment }))
    .sort((a, b) => (a.term === "desired" ? 1 : b.term === "desired" ? -1 : Number(a.term) - Number(b.term)));
  return (
    <section aria-labelledby="payments-heading" className="mt-6">
      <h2 id="payments-heading" className="text-xl font-semibold">
        Estimated payments
      </h2>
      <p className="text-sm text-slate-700">
        As quoted to the visitor when the lead arrived. Financing dependent on credit parameters.
      </p>
      <Table
        caption="Estimated payments by term"
        columns={paymentColumns}
        rows={rows}
        rowKey={(row) => row.term}
        empty="No estimate: the answers were not eligible."
      />
    </section>
  );
}

const relationLabels: Record<RelatedLead["relation"], string> = {
  "picked-from": "The answer this option was picked from",
  "picked-option": "Option picked from this answer",
  "same-email": "Same e-mail",
  "same-phone": "Same phone",
};

function RelatedLeads({ related }: { related: LeadDetail["related"] }) {
  return (
    <section aria-labelledby="related-heading" className="mt-6">
      <h2 id="related-heading" className="text-xl font-semibold">
        Related records
      </h2>
      {related.length === 0 ? <p className="mt-2 text-slate-700">Nothing related in the last 90 days.</p> : null}
      <ul className="mt-2 space-y-1">
        {related.map((lead) => (
          <li key={`${lead.type}-${lead.id}`}>
            {relationLabels[lead.relation]}:{" "}
            <Link to={leadPath(lead)} className="text-brand-700 underline">
              {leadTypeLabels[lead.type]}: {lead.title}
            </Link>{" "}
            <span className="text-sm text-slate-700">({when(lead.createdAt)})</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function LeadHistory({ history }: { history: LeadDetail["history"] }) {
  return (
    <section aria-labelledby="lead-history-heading" className="mt-6">
      <h2 id="lead-history-heading" className="text-xl font-semibold">
        History
      </h2>
      <ul className="mt-2 space-y-1 text-sm">
        {history.length === 0 ? <li>No changes yet.</li> : null}
        {history.map((entry, index) => (
          <li key={`${entry.at}-${entry.field}-${index}`} className="break-words whitespace-pre-wrap">
            {when(entry.at)}: {entry.actor} changed {leadHistoryFieldLabels[entry.field]} from “{entry.from || "—"}” to
            “{entry.to || "—"}”
          </li>
        ))}
      </ul>
    </section>
  );
}

function CreditApplicationFields({ lead }: { lead: Extract<LeadDetail, { type: "credit-application" }> }) {
  const { sensitive, error, dialog } = useReveal(lead.id);
  return (
    <>
      <p className="mt-1 text-sm text-slate-700">Every reveal is written to the audit log with your name.</p>
      {dialog}
      {error ? <Alert className="mt-4">{error}</Alert> : null}
      <LeadFieldsList
        values={lead.fields}
        labels={leadFieldLabels["credit-application"]}
        render={(key, shown) =>
          key === "fedIdMasked" ? sensitive("fedId", lead.fields.fedIdMasked, "federal tax ID") : shown
        }
      />
      {lead.owners.map((owner) => (
        <section key={owner.position} aria-labelledby={`owner-${owner.position}`} className="mt-6">
          <h3 id={`owner-${owner.position}`} className="text-lg font-semibold">
            Owner {owner.position}: {owner.name}
          </h3>
          <LeadFieldsList
            values={owner}
            labels={creditApplicationOwnerFields.labels}
            render={(key, shown) =>
              key === "ssnMasked"
                ? sensitive(
                    owner.position === 1 ? "ssn1" : "ssn2",
                    owner.ssnMasked,
                    `owner ${owner.position}'s Social Security number`,
                  )
                : shown
            }
          />
        </section>
      ))}
    </>
  );
}

function KindFields({ lead }: { lead: LeadDetail }) {
  if (lead.type === "credit-application") return <CreditApplicationFields lead={lead} />;
  return <LeadFieldsList values={lead.fields} labels={leadFieldLabels[lead.type]} />;
}

/** One lead of any kind, read in full and worked (status, assignee, notes) without its e-mail. */
export function LeadDetailScreen({
  lead,
  meId,
  adverseAction = null,
  duplicates = [],
}: {
  lead: LeadDetail;
  meId: string;
  adverseAction?: AdverseActionState | null;
  duplicates?: DuplicateLink[];
}) {
  return (
    <>
      <p className="text-sm">
        <Link to="/back-office/leads" className="text-brand-700 underline">
          All leads
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold break-words">{lead.title}</h1>
      <p className="mt-1 text-slate-700">
        {leadTypeLabels[lead.type]} · arrived {when(lead.createdAt)}
      </p>
      {lead.referral ? (
        <p className="mt-2 inline-block rounded bg-amber-100 px-2 py-1 font-semibold text-amber-900">
          {lead.referral.text}:{" "}
          <Link to={`/back-office/deals/${lead.referral.dealId}`} className="text-brand-700 underline">
            open the deal
          </Link>
        </p>
      ) : null}
      <LeadDeal lead={lead} />
      <DuplicateFlag links={duplicates} />
      <div className="mt-6 grid gap-8 xl:grid-cols-[2fr_1fr]">
        <div className="min-w-0">
          <section aria-labelledby="fields-heading">
            <h2 id="fields-heading" className="text-xl font-semibold">
              {leadTypeLabels[lead.type]}
            </h2>
            <KindFields lead={lead} />
          </section>
          {lead.type === "questionnaire" || lead.type === "calculator" ? (
            <StoredPayments payments={lead.payments} />
          ) : null}
          {adverseAction ? <AdverseActionSection state={adverseAction} /> : null}
        </div>
        <div className="min-w-0">
          <LeadHandling lead={lead} meId={meId} />
          {adverseAction ? <ApplicationDecision state={adverseAction} /> : null}
          <RelatedLeads related={lead.related} />
          <LeadHistory history={lead.history} />
        </div>
      </div>
    </>
  );
}
