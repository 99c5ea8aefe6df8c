import type { PortalDeal } from "#domain/api/portal.ts";
import { canReply, isOpenStage, showsNotification, stageLabel, stageStrip, stageTags, stripReached } from "#domain/deals/stages.ts";
import { truncate } from "#domain/deals/new-deal-schema.ts";
import { formatUsd } from "#domain/pricing/money-format.ts";
import { Button } from "../../components/ui/button.tsx";

function StageStrip({ stage }: { stage: number }) {
  const reached = stripReached(stage);
  return (
    <ol aria-label="Progress" className="mt-1 flex gap-1">
      {stageStrip.map((label, index) => (
        <li key={label} title={label} className={`flex size-6 items-center justify-center rounded-full text-xs font-bold ${index < reached ? "bg-brand-600 text-white" : "bg-slate-200 text-slate-700"}`}>
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

/** Deals list: Name/Account, Stage, Notes, Amount, Description, Down Payment, Reply (spec §2). */
export function DealsTable({ deals, onReply }: { deals: PortalDeal[]; onReply: (deal: PortalDeal) => void }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[48rem] border-collapse text-left text-sm">
        <caption className="sr-only">Deals</caption>
        <thead>
          <tr className="border-b-2 border-slate-300">
            <th scope="col" className="p-2">Name/Account</th>
            <th scope="col" className="p-2">Stage</th>
            <th scope="col" className="p-2">Notes</th>
            <th scope="col" className="p-2">Amount</th>
            <th scope="col" className="p-2">Description</th>
            <th scope="col" className="p-2">Down Payment</th>
            <th scope="col" className="p-2">
              <span className="sr-only">Reply</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {deals.map((deal) => (
            <tr key={deal.id} className="border-b border-slate-200 align-top">
              <th scope="row" className="p-2 font-semibold">
                <span title={deal.businessName} aria-hidden="true">
                  {truncate(deal.businessName, 18)}
                </span>
                <span className="sr-only">{deal.businessName}</span>
                <span className="block font-normal text-slate-700">{deal.accountNumber}</span>
              </th>
              <td className="p-2">
                <span className="font-medium">{stageLabel(deal.stage)}</span>
                {stageTags(deal.stage).map((tag) => (
                  <span key={tag} className="ml-1 rounded bg-slate-200 px-1.5 py-0.5 text-xs">
                    {tag}
                  </span>
                ))}
                {isOpenStage(deal.stage) ? <StageStrip stage={deal.stage} /> : null}
              </td>
              <td className="p-2">
                {showsNotification(deal.stage, deal.vendorHasWritten) ? (
                  <span className="mr-1 inline-block rounded-full bg-accent-500 px-1.5 text-xs font-bold text-slate-950" title="Tell us more about this client">
                    !<span className="sr-only"> New: tell us more about this client.</span>
                  </span>
                ) : null}
                {deal.notes}
              </td>
              <td className="p-2">{formatUsd(deal.costOfEquipment)}</td>
              <td className="p-2">{deal.description || "—"}</td>
              <td className="p-2">{formatUsd(deal.downPayment)}</td>
              <td className="p-2">
                {canReply(deal.stage, deal.lastMessageAuthor) ? (
                  <Button variant="secondary" onClick={() => onReply(deal)} aria-label={`Reply about ${deal.businessName}`}>
                    Reply
                  </Button>
                ) : (
                  <button type="button" className="min-h-11 text-green-800 underline" onClick={() => onReply(deal)} aria-label={`Sent: see the conversation about ${deal.businessName}`}>
                    ✓ Sent
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
