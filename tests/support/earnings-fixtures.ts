import { desc, eq } from "drizzle-orm";
import { addCalendarDays, businessDayOf, businessWallTime } from "#domain/site/business-day.ts";
import { deal } from "../../server/deals/tables.ts";
import { accrueEarnings, type EarningsQuote } from "../../server/earnings/earnings-ledger.ts";
import { dealFunding } from "../../server/funding/tables.ts";
import { funderAnswer, funderSubmission } from "../../server/funders/tables.ts";
import type { TestServer } from "./test-server.ts";

/** The business day `days` before today (0: today) and noon of it, in the brand's time zone. */
export function daysAgo(server: TestServer, days: number) {
  const timeZone = server.config.public.brand.timeZone;
  const day = addCalendarDays(businessDayOf(new Date(), timeZone), -days);
  return { day, at: businessWallTime(day, 12, timeZone) };
}

/**
 * A deal funded `daysBack` business days ago (docs/product-rules.md#r61-dealer-earnings): an approved
 * `deal_funding` row written directly (the funding subject's own screens are not needed to test
 * earnings), then its earnings accrued as the funding's approval does, at noon of the funded day.
 * `answerDealId`: the approved deal whose funder answer the row names (a company's further deals
 * borrow it; only the foreign key reads it).
 */
export async function fundedDeal(
  server: TestServer,
  input: {
    dealId: string;
    answerDealId?: string;
    vendorCompanyId: string;
    staffUserId: string;
    amountFinancedCents: number;
    daysBack: number;
  },
): Promise<{ dealFundingId: string; fundedOn: string; quote: EarningsQuote }> {
  const db = server.database.db;
  const timeZone = server.config.public.brand.timeZone;
  const [answer] = await db
    .select({ id: funderAnswer.id })
    .from(funderAnswer)
    .innerJoin(funderSubmission, eq(funderSubmission.id, funderAnswer.submissionId))
    .where(eq(funderSubmission.dealId, input.answerDealId ?? input.dealId))
    .orderBy(desc(funderAnswer.enteredAt))
    .limit(1);
  if (!answer) throw new Error("The deal has no funder answer: use approvedDeal first");
  const [row] = await db
    .select({ accountNumber: deal.accountNumber, businessName: deal.businessName })
    .from(deal)
    .where(eq(deal.id, input.dealId));
  const { day, at } = daysAgo(server, input.daysBack);
  const [funding] = await db
    .insert(dealFunding)
    .values({
      dealId: input.dealId,
      vendorCompanyId: input.vendorCompanyId,
      answerId: answer.id,
      status: "approved",
      amountFinancedCents: input.amountFinancedCents,
      equipmentCostCents: input.amountFinancedCents,
      downPaymentCents: 0,
      feesCents: 0,
      earningsCents: 0,
      amountCents: input.amountFinancedCents,
      preparedByUserId: input.staffUserId,
      decidedByUserId: input.staffUserId,
      decidedAt: at,
      fundedOn: day,
    })
    .returning({ id: dealFunding.id });
  const quote = await accrueEarnings(
    db,
    {
      vendorCompanyId: input.vendorCompanyId,
      dealId: input.dealId,
      dealFundingId: funding!.id,
      dealAccountNumber: row!.accountNumber,
      businessName: row!.businessName,
      amountFinancedCents: input.amountFinancedCents,
    },
    at,
    timeZone,
  );
  return { dealFundingId: funding!.id, fundedOn: day, quote };
}
