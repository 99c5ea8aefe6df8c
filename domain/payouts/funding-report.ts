import { formatCalendarDate } from "../site/business-time.ts";
import { formatCents } from "./payout-rules.ts";

// The dealer's end-of-day funding report (docs/product-rules.md#r60-payout-batches): each deal funded
// that business day, its amounts, and the batch that paid it or why it waits.

export type FundingReportDeal = {
  accountNumber: string;
  businessName: string;
  amountFinancedCents: number;
  equipmentCostCents: number;
  downPaymentCents: number;
  feesCents: number;
  earningsCents: number;
  amountCents: number;
  /** The batch that paid it, or why it is held. */
  payment: { paidOn: string; fileIdModifier: string; traceNumber: string } | { held: string };
};

export const fundingReportColumns = [
  "Deal",
  "Business",
  "Amount financed",
  "Equipment cost",
  "Down payment",
  "Fees",
  "Earnings paid with funding",
  "To you",
  "Paid",
] as const;

/** One row of the report, in the columns' order. */
export function fundingReportRow(deal: FundingReportDeal): string[] {
  return [
    deal.accountNumber,
    deal.businessName,
    formatCents(deal.amountFinancedCents),
    formatCents(deal.equipmentCostCents),
    formatCents(deal.downPaymentCents),
    formatCents(deal.feesCents),
    formatCents(deal.earningsCents),
    formatCents(deal.amountCents),
    "held" in deal.payment
      ? `Held: ${deal.payment.held}`
      : `ACH batch of ${formatCalendarDate(deal.payment.paidOn)} (${deal.payment.fileIdModifier}), trace ${deal.payment.traceNumber}`,
  ];
}

/** What the dealer receives for the day, in cents. */
export function fundingReportTotal(deals: readonly FundingReportDeal[]): number {
  return deals.reduce((total, deal) => total + deal.amountCents, 0);
}
