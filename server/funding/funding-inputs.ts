import { eq } from "drizzle-orm";
import { isApprovalExpired } from "#domain/funders/approval.ts";
import { dollarsToCents, type FundingInputs } from "#domain/funding/funding-amount.ts";
import { businessDayOf } from "#domain/site/business-day.ts";
import type { DbExecutor } from "../db/client.ts";
import type { deal } from "../deals/tables.ts";
import { quoteEarnings, type EarningsQuote } from "../earnings/earnings-ledger.ts";
import { dealApproval, funderAnswer } from "../funders/tables.ts";
import { earningsInFlight } from "./earnings-in-flight.ts";

export type FundingBasis =
  | { approval: "none" | "expired" }
  | { approval: "live"; answerId: string; inputs: FundingInputs; earnings: EarningsQuote | null };

/**
 * What the deal's funding is computed from now (docs/product-rules.md#r58-verification-and-funding):
 * the presented approval's amount, down payment and fees, the deal's equipment cost, and the
 * earnings the deal would accrue (paid with the funding when the company is paid that way).
 */
export async function fundingBasis(
  db: DbExecutor,
  found: typeof deal.$inferSelect,
  at: Date,
  timeZone: string,
): Promise<FundingBasis> {
  const [approval] = await db
    .select({ answer: funderAnswer, expiresOn: dealApproval.expiresOn })
    .from(dealApproval)
    .innerJoin(funderAnswer, eq(funderAnswer.id, dealApproval.answerId))
    .where(eq(dealApproval.dealId, found.id));
  if (!approval || approval.answer.amountCents === null) return { approval: "none" };
  if (isApprovalExpired(approval.expiresOn, businessDayOf(at, timeZone))) return { approval: "expired" };
  const amountFinancedCents = approval.answer.amountCents;
  const earnings = found.vendorCompanyId
    ? await quoteEarnings(db, {
        vendorCompanyId: found.vendorCompanyId,
        amountFinancedCents,
        at,
        timeZone,
        inFlightCents:
          (await earningsInFlight(db, { vendorCompanyId: found.vendorCompanyId })).get(found.vendorCompanyId) ?? 0,
      })
    : null;
  return {
    approval: "live",
    answerId: approval.answer.id,
    earnings,
    inputs: {
      amountFinancedCents,
      equipmentCostCents: dollarsToCents(found.costOfEquipment),
      downPaymentCents: approval.answer.downPaymentCents ?? dollarsToCents(found.downPayment),
      feesCents: approval.answer.feesCents ?? 0,
      earningsCents: earnings?.paidWithFundingCents ?? 0,
    },
  };
}
