import { Link, useFetcher } from "react-router";
import { isDealFromLeadType } from "#domain/deals/direct-deals.ts";
import type { LeadDetail } from "#domain/leads/back-office-contracts.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";

/** What the lead route's action is sent to open the lead's deal (routes/back-office-lead.tsx), and answers on a refusal. */
export const openDealIntent = { intent: "open-deal" } as const;
export type OpenDealResult = { openDeal: true; error: string };

/**
 * A lead's deal (docs/product-rules.md#r12-stages): the one staff opened from it, linked; or, for a
 * credit application or calculator lead that came to us directly, "Open a deal", which carries its
 * data over and lands on the new deal (the route's action redirects there). A lead referred through
 * a vendor's link says so at the top of the page instead: its company's deal is already open.
 */
export function LeadDeal({ lead }: { lead: LeadDetail }) {
  const fetcher = useFetcher<OpenDealResult>();
  if (lead.directDeal)
    return (
      <p className="mt-2 inline-block rounded bg-brand-50 px-2 py-1 font-semibold text-brand-900">
        Deal {lead.directDeal.accountNumber} was opened from this lead:{" "}
        <Link to={`/back-office/deals/${lead.directDeal.id}`} className="text-brand-700 underline">
          open the deal
        </Link>
      </p>
    );
  if (lead.referral || !isDealFromLeadType(lead.type)) return null;
  const busy = fetcher.state !== "idle";
  return (
    <section aria-labelledby="lead-deal-heading" className="mt-4 rounded-md border border-slate-300 p-4">
      <h2 id="lead-deal-heading" className="text-xl font-semibold">
        Deal
      </h2>
      <p className="mt-1 text-slate-700">
        This lead came to us directly and has no deal yet. Opening one carries its business, contact and equipment over
        (the tax ID still encrypted) so it can be approved and funded; the deal has no vendor.
      </p>
      {fetcher.data?.error ? <Alert className="mt-2">{fetcher.data.error}</Alert> : null}
      <Button
        className="mt-3"
        disabled={busy}
        onClick={() => void fetcher.submit(openDealIntent, { method: "post", encType: "application/json" })}
      >
        {busy ? "Opening the deal…" : "Open a deal"}
      </Button>
    </section>
  );
}
