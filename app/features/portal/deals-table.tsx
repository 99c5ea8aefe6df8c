import { Link } from "react-router";
import type { PortalDeal } from "#domain/deals/portal-contracts.ts";
import { truncate } from "#domain/deals/new-deal-schema.ts";
import {
  canReply,
  isOpenStage,
  showsNotification,
  stageLabel,
  stageStrip,
  stageTags,
  stripReached,
} from "#domain/deals/stages.ts";
import { formatUsd } from "#domain/pricing/money-format.ts";
import { Button } from "../../components/ui/button.tsx";
import { Table, type TableColumn } from "../../components/ui/table.tsx";

/** Steps 1-5 of an open deal, each named for screen readers. */
export function StageStrip({ stage }: { stage: number }) {
  const reached = stripReached(stage);
  return (
    <ol aria-label="Progress" className="mt-1 flex gap-1">
      {stageStrip.map((label, index) => (
        <li
          key={label}
          title={label}
          className={`flex size-6 items-center justify-center rounded-full text-xs font-bold ${index < reached ? "bg-brand-600 text-white" : "bg-slate-200 text-slate-700"}`}
        >
          {index + 1}
          <span className="sr-only">
            {" "}
            {label}
            {index < reached ? " (reached)" : ""}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** The credit team answered and nobody at the company has opened the deal since. */
export function UnreadMarker() {
  return (
    <span
      className="ml-1 inline-block rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white"
      title="The credit team answered"
    >
      Unread<span className="sr-only">: the credit team answered</span>
    </span>
  );
}

/** A deal a customer started through the company's link (docs/product-rules.md#r23-referred-customers-belong-to-the-company). */
export function ReferredBadge() {
  return (
    <span
      className="ml-1 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900"
      title="A customer came through your link"
    >
      Referred<span className="sr-only">: a customer came through your link</span>
    </span>
  );
}

function columns(onReply: (deal: PortalDeal) => void): TableColumn<PortalDeal>[] {
  return [
    {
      key: "name",
      header: "Name/Account",
      rowHeader: true,
      cell: (deal) => (
        <>
          <Link to={`/portal/deals/${encodeURIComponent(deal.id)}`} className="text-brand-700 underline">
            <span title={deal.businessName} aria-hidden="true" className="font-semibold">
              {truncate(deal.businessName, 18)}
            </span>
            <span className="sr-only">{deal.businessName}</span>
          </Link>
          {deal.unread ? <UnreadMarker /> : null}
          {deal.referred ? <ReferredBadge /> : null}
          <span className="block text-slate-700">{deal.accountNumber}</span>
        </>
      ),
    },
    {
      key: "stage",
      header: "Stage",
      cell: (deal) => (
        <>
          <span className="font-medium">{stageLabel(deal.stage)}</span>
          {stageTags(deal.stage).map((tag) => (
            <span key={tag} className="ml-1 rounded bg-slate-200 px-1.5 py-0.5 text-xs">
              {tag}
            </span>
          ))}
          {isOpenStage(deal.stage) ? <StageStrip stage={deal.stage} /> : null}
        </>
      ),
    },
    {
      key: "notes",
      header: "Notes",
      cell: (deal) => (
        <>
          {showsNotification(deal.stage, deal.vendorHasWritten) ? (
            <span
              className="mr-1 inline-block rounded-full bg-accent-500 px-1.5 text-xs font-bold text-slate-950"
              title="Tell us more about this client"
            >
              !<span className="sr-only"> New: tell us more about this client.</span>
            </span>
          ) : null}
          {deal.notes}
        </>
      ),
    },
    { key: "amount", header: "Amount", cell: (deal) => formatUsd(deal.costOfEquipment) },
    { key: "description", header: "Description", cell: (deal) => deal.description || "—" },
    { key: "down-payment", header: "Down Payment", cell: (deal) => formatUsd(deal.downPayment) },
    {
      key: "approved",
      header: "Approved Amount (estimated)",
      cell: (deal) => (deal.approvedAmount === null ? "—" : formatUsd(deal.approvedAmount)),
    },
    {
      key: "reply",
      header: <span className="sr-only">Reply</span>,
      cell: (deal) =>
        canReply(deal.stage, deal.lastMessageAuthor) ? (
          <Button variant="secondary" onClick={() => onReply(deal)} aria-label={`Reply about ${deal.businessName}`}>
            Reply
          </Button>
        ) : (
          <button
            type="button"
            className="min-h-11 text-green-800 underline"
            onClick={() => onReply(deal)}
            aria-label={`Sent: see the conversation about ${deal.businessName}`}
          >
            ✓ Sent
          </button>
        ),
    },
  ];
}

const ownerColumn: TableColumn<PortalDeal> = {
  key: "owner",
  header: "Owner",
  cell: (deal) => (deal.owner ? `${deal.owner.name}${deal.owner.active ? "" : " (deactivated)"}` : "The company"),
};

/**
 * Deals list: Name/Account, Stage, Notes, Amount, Description, Down Payment, Reply
 * (docs/product-rules.md#r51-screens-keep-the-specs-layout-and-words); a dealer admin also sees each deal's owner
 * (docs/product-rules.md#r53-a-dealers-team).
 */
export function DealsTable({
  deals,
  onReply,
  empty,
  showOwner = false,
}: {
  deals: PortalDeal[];
  onReply: (deal: PortalDeal) => void;
  empty: string;
  showOwner?: boolean;
}) {
  const shown = columns(onReply);
  // After the spec's columns, before Reply: the spec's order stays as it is.
  if (showOwner) shown.splice(shown.length - 1, 0, ownerColumn);
  return <Table caption="Your deals" columns={shown} rows={deals} rowKey={(deal) => deal.id} empty={empty} />;
}
