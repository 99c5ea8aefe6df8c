import { and, desc, eq, inArray } from "drizzle-orm";
import type { DealerFunding } from "#domain/funding/dealer-funding.ts";
import { businessDayOf } from "#domain/site/business-day.ts";
import type { DbExecutor } from "../db/client.ts";
import { dealFunding } from "./tables.ts";

/** The deal's funding as the dealer reads it: the approved one, or the last cancelled one; null before. */
export async function dealerFundingOf(db: DbExecutor, dealId: string, timeZone: string): Promise<DealerFunding | null> {
  const [found] = await db
    .select()
    .from(dealFunding)
    .where(and(eq(dealFunding.dealId, dealId), inArray(dealFunding.status, ["approved", "cancelled"])))
    .orderBy(desc(dealFunding.createdAt))
    .limit(1);
  if (!found || !found.fundedOn) return null;
  return {
    status: found.status === "approved" ? "funded" : "cancelled",
    fundedOn: found.fundedOn,
    amountFinancedCents: found.amountFinancedCents,
    equipmentCostCents: found.equipmentCostCents,
    downPaymentCents: found.downPaymentCents,
    feesCents: found.feesCents,
    earningsCents: found.earningsCents,
    amountCents: found.amountCents,
    cancelledOn: found.cancelledAt ? businessDayOf(found.cancelledAt, timeZone) : null,
  };
}
