import { and, eq, gte, isNotNull, isNull, lte, notInArray } from "drizzle-orm";
import { expiringThrough } from "#domain/funders/approval.ts";
import { addCalendarDays, businessDayOf } from "#domain/site/business-day.ts";
import { formatCalendarDate } from "#domain/site/business-time.ts";
import { formatUsd } from "#domain/pricing/money-format.ts";
import { finishedStages } from "#domain/deals/stages.ts";
import type { Database } from "../db/client.ts";
import { deal } from "../deals/tables.ts";
import { dealRecipientEmails } from "../auth/company-user-emails.ts";
import { enqueueMail } from "../mail/enqueue-mail.ts";
import { simpleMail } from "../mail/mail-templates.ts";
import type { MailContext } from "../shared/request-context.ts";
import { loadWorkingCalendar } from "../working-calendar/load-working-calendar.ts";
import { dealApproval, funderAnswer } from "./tables.ts";

/** Approvals reminded per pass; the next pass (an hour on) takes the rest. */
export const REMINDER_BATCH_SIZE = 200;

/**
 * The reminder 5 business days before an approval expires (docs/product-rules.md#r54-the-funder-network):
 * each presented approval of an open deal with a dealer, expiring from today through the last day
 * whose reminder is due (the credit team's calendar, business time zone), not reminded since it was
 * presented or renewed, gets one mail to the deal's owner (else the company's dealer admins) through
 * the outbox. The row is claimed with FOR UPDATE SKIP LOCKED and marked in the mail's transaction, so
 * servers running the sweep together mail it once. A direct deal (no vendor) has nobody to remind.
 * Returns how many approvals were reminded.
 */
export async function sweepApprovalReminders(
  db: Database,
  context: MailContext & { timeZone: string },
  now = new Date(),
): Promise<number> {
  const today = businessDayOf(now, context.timeZone);
  const calendar = await loadWorkingCalendar(db, addCalendarDays(today, -60), addCalendarDays(today, 40));
  const through = expiringThrough(today, calendar);
  if (through < today) return 0;
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ deal, expiresOn: dealApproval.expiresOn, amountCents: funderAnswer.amountCents })
      .from(dealApproval)
      .innerJoin(deal, eq(deal.id, dealApproval.dealId))
      .innerJoin(funderAnswer, eq(funderAnswer.id, dealApproval.answerId))
      .where(
        and(
          isNull(dealApproval.reminderSentAt),
          gte(dealApproval.expiresOn, today),
          lte(dealApproval.expiresOn, through),
          isNotNull(deal.vendorCompanyId),
          notInArray(deal.stage, finishedStages),
        ),
      )
      .orderBy(dealApproval.expiresOn)
      .limit(REMINDER_BATCH_SIZE)
      .for("update", { of: dealApproval, skipLocked: true });
    for (const { deal: found, expiresOn, amountCents } of due) {
      await tx.update(dealApproval).set({ reminderSentAt: now }).where(eq(dealApproval.dealId, found.id));
      const expires = formatCalendarDate(expiresOn);
      for (const to of await dealRecipientEmails(tx, found))
        await enqueueMail(
          tx,
          simpleMail({
            to,
            subject: `${found.businessName}: the approval expires on ${expires}`,
            paragraphs: [
              `The approval of ${formatUsd((amountCents ?? 0) / 100)} for ${found.businessName} (deal ${found.accountNumber}) expires on ${expires}, in 5 business days or less.`,
              "Send what the deal still needs before then. Once it has expired, documents wait until the credit team renews it.",
            ],
            action: { label: "Open the deal", url: `${context.publicUrl}/portal/deals/${found.id}` },
            product: context.product,
          }),
          context.cipher,
        );
    }
    return due.length;
  });
}
