import type { DealerFunding } from "#domain/funding/dealer-funding.ts";
import { fundingLines } from "#domain/funding/funding-amount.ts";
import { formatCalendarDate } from "#domain/site/business-time.ts";
import { FundingLines } from "../../funding/funding-lines.tsx";

/**
 * The deal's funding for its dealer (docs/product-rules.md#r58-verification-and-funding): when it funded
 * and what the dealer is paid, line by line; a cancelled funding says so.
 */
export function PortalDealFunding({ funding }: { funding: DealerFunding }) {
  return (
    <section id="funding" aria-labelledby="funding-heading" className="mt-8">
      <h2 id="funding-heading" className="text-xl font-semibold">
        Funding
      </h2>
      <p className="mt-1 font-medium">
        {funding.status === "funded"
          ? `Funded on ${formatCalendarDate(funding.fundedOn)}`
          : `Funded on ${formatCalendarDate(funding.fundedOn)}, cancelled on ${formatCalendarDate(funding.cancelledOn ?? funding.fundedOn)}`}
      </p>
      <FundingLines lines={fundingLines(funding)} caption="What you are paid for this deal, line by line" />
      <p className="mt-2 text-sm">
        Paid to your company&apos;s payout account by ACH in the funding day&apos;s batch (after the hold that follows a
        change of payout account).
      </p>
    </section>
  );
}
