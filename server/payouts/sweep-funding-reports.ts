import { and, asc, desc, eq, gte, inArray, isNotNull, lte, notExists } from "drizzle-orm";
import { creditOnlineUntilHour } from "#domain/deals/business-month.ts";
import {
  fundingReportColumns,
  fundingReportRow,
  fundingReportTotal,
  type FundingReportDeal,
} from "#domain/payouts/funding-report.ts";
import { formatCents, holdReasonText } from "#domain/payouts/payout-rules.ts";
import { addCalendarDays, businessDayOf, businessWallTime } from "#domain/site/business-day.ts";
import { formatCalendarDate } from "#domain/site/business-time.ts";
import { isWorkingDay } from "#domain/site/working-calendar.ts";
import type { Database, DbExecutor } from "../db/client.ts";
import { companyAdminEmails } from "../auth/company-user-emails.ts";
import { deal } from "../deals/tables.ts";
import { dealFunding, fundingReport } from "../funding/tables.ts";
import { enqueueMail } from "../mail/enqueue-mail.ts";
import { escapeHtml } from "../shared/escape-html.ts";
import type { MailContext } from "../shared/request-context.ts";
import { vendorCompany } from "../vendors/tables.ts";
import { loadWorkingCalendar } from "../working-calendar/load-working-calendar.ts";
import { payoutCandidates } from "./payout-candidates.ts";
import { payoutBatch, payoutEntry } from "./tables.ts";

/** How many days back a pass looks for a report not yet sent (a server down over a close). */
export const fundingReportLookBackDays = 7;

/**
 * The hourly pass (docs/product-rules.md#r60-payout-batches): after a working day's close (15:00 in the
 * business time zone, the credit team's calendar), every dealer company with fundings approved for that
 * day (`deal_funding.funded_on`) gets one report mailed to its dealer admins, listing each deal, its
 * amounts, and the batch that paid it or why it is held. Once per company and day: the
 * `funding_report` row is inserted first (on conflict, another server has it) in the mails'
 * transaction. Returns the reports sent.
 */
export async function sweepFundingReports(
  db: Database,
  context: MailContext & { timeZone: string },
  now = new Date(),
): Promise<number> {
  const { timeZone } = context;
  const today = businessDayOf(now, timeZone);
  const from = addCalendarDays(today, -fundingReportLookBackDays);
  const calendar = await loadWorkingCalendar(db, from, today);
  const due = await db
    .selectDistinct({ vendorCompanyId: dealFunding.vendorCompanyId, day: dealFunding.fundedOn })
    .from(dealFunding)
    .where(
      and(
        eq(dealFunding.status, "approved"),
        isNotNull(dealFunding.vendorCompanyId),
        gte(dealFunding.fundedOn, from),
        lte(dealFunding.fundedOn, today),
        notExists(
          db
            .select({ day: fundingReport.businessDay })
            .from(fundingReport)
            .where(
              and(
                eq(fundingReport.vendorCompanyId, dealFunding.vendorCompanyId),
                eq(fundingReport.businessDay, dealFunding.fundedOn),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(dealFunding.fundedOn));
  const closed = due.filter(
    ({ day }) =>
      isWorkingDay(day!, calendar) &&
      businessWallTime(day!, creditOnlineUntilHour, timeZone).getTime() <= now.getTime(),
  );
  if (closed.length === 0) return 0;
  // Why each unpaid funding waits, read once for the pass.
  const { held } = await payoutCandidates(db, context.cipher, now, timeZone);
  const heldWhy = new Map(
    held.flatMap((each) => (each.fundingId ? [[each.fundingId, holdReasonText(each.reason)]] : [])),
  );

  let sent = 0;
  for (const { vendorCompanyId, day } of closed) {
    const reported = await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(fundingReport)
        .values({ vendorCompanyId: vendorCompanyId!, businessDay: day!, sentAt: now })
        .onConflictDoNothing()
        .returning({ day: fundingReport.businessDay });
      if (claimed.length === 0) return false;
      await mailFundingReport(tx, context, vendorCompanyId!, day!, heldWhy);
      return true;
    });
    if (reported) sent += 1;
  }
  return sent;
}

async function mailFundingReport(
  tx: DbExecutor,
  context: MailContext,
  vendorCompanyId: string,
  day: string,
  heldWhy: Map<string, string>,
): Promise<void> {
  const fundings = await tx
    .select({
      id: dealFunding.id,
      accountNumber: deal.accountNumber,
      businessName: deal.businessName,
      amountFinancedCents: dealFunding.amountFinancedCents,
      equipmentCostCents: dealFunding.equipmentCostCents,
      downPaymentCents: dealFunding.downPaymentCents,
      feesCents: dealFunding.feesCents,
      earningsCents: dealFunding.earningsCents,
      amountCents: dealFunding.amountCents,
    })
    .from(dealFunding)
    .innerJoin(deal, eq(deal.id, dealFunding.dealId))
    .where(
      and(
        eq(dealFunding.vendorCompanyId, vendorCompanyId),
        eq(dealFunding.fundedOn, day),
        eq(dealFunding.status, "approved"),
      ),
    )
    .orderBy(asc(deal.accountNumber));
  const payments = await tx
    .select({
      fundingId: payoutEntry.dealFundingId,
      traceNumber: payoutEntry.traceNumber,
      paidOn: payoutBatch.businessDay,
      fileIdModifier: payoutBatch.fileIdModifier,
    })
    .from(payoutEntry)
    .innerJoin(payoutBatch, eq(payoutBatch.id, payoutEntry.batchId))
    .where(
      and(
        eq(payoutEntry.status, "sent"),
        inArray(
          payoutEntry.dealFundingId,
          fundings.map((funding) => funding.id),
        ),
      ),
    )
    .orderBy(desc(payoutBatch.createdAt));
  const deals: FundingReportDeal[] = fundings.map(({ id, ...funding }) => {
    const paid = payments.find((payment) => payment.fundingId === id);
    return {
      ...funding,
      payment: paid
        ? { paidOn: paid.paidOn, fileIdModifier: paid.fileIdModifier, traceNumber: paid.traceNumber }
        : { held: heldWhy.get(id) ?? "Not in a batch yet: it goes in the next business day's batch" },
    };
  });
  const [company] = await tx
    .select({ name: vendorCompany.name })
    .from(vendorCompany)
    .where(eq(vendorCompany.id, vendorCompanyId));
  const subject = `Funding report for ${formatCalendarDate(day)}: ${deals.length} ${deals.length === 1 ? "deal" : "deals"}, ${formatCents(fundingReportTotal(deals))}`;
  const rows = deals.map(fundingReportRow);
  const intro = `${company?.name ?? "Your company"}: the deals funded on ${formatCalendarDate(day)}, what each pays you and the ACH batch it was sent in.`;
  const html = [
    `<!doctype html><html lang="en"><body style="font-family:Arial,sans-serif;color:#1f2937">`,
    `<h1 style="font-size:20px">${escapeHtml(subject)}</h1>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<table style="border-collapse:collapse" cellpadding="6"><caption style="text-align:left">Deals funded on ${escapeHtml(formatCalendarDate(day))}</caption>`,
    `<thead><tr>${fundingReportColumns.map((column) => `<th scope="col" style="text-align:left;border-bottom:1px solid #9ca3af">${escapeHtml(column)}</th>`).join("")}</tr></thead>`,
    `<tbody>${rows.map((row) => `<tr>${row.map((cell) => `<td style="border-bottom:1px solid #e5e7eb">${escapeHtml(cell)}</td>`).join("")}</tr>`).join("")}</tbody>`,
    `</table>`,
    `<p><a href="${escapeHtml(`${context.publicUrl}/portal`)}">Open the portal</a></p>`,
    `<p style="color:#6b7280;font-size:12px">${escapeHtml(context.product)}</p>`,
    `</body></html>`,
  ].join("");
  const text = [
    intro,
    ...rows.map((row) => row.map((cell, at) => `${fundingReportColumns[at]}: ${cell}`).join("\n")),
    `Total to you: ${formatCents(fundingReportTotal(deals))}`,
    `Open the portal: ${context.publicUrl}/portal`,
    context.product,
  ].join("\n\n");
  for (const to of await companyAdminEmails(tx, vendorCompanyId))
    await enqueueMail(tx, { to, subject, html, text }, context.cipher);
}
