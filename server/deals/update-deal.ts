import { eq } from "drizzle-orm";
import type { DealUpdate } from "#domain/deals/back-office-contracts.ts";
import { describeDealChange, financingDisclaimer, isVendorVisibleDealField } from "#domain/deals/deal-changes.ts";
import { completedOnProblem } from "#domain/adverse-action/notice-due.ts";
import { stageLabel } from "#domain/deals/stages.ts";
import { dayInTimeZone } from "#domain/site/business-time.ts";
import { applicantStatusForStage } from "#domain/leads/applicant-status.ts";
import type { Database, Transaction } from "../db/client.ts";
import { deal, dealClient, dealHistory } from "./tables.ts";
import { AppError } from "../shared/errors.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { dealRecipientEmails } from "../auth/company-user-emails.ts";
import { enqueueApplicantStatusMail } from "../applicant-mails/enqueue-applicant-status-mail.ts";
import { enqueueMail } from "../mail/enqueue-mail.ts";
import { simpleMail } from "../mail/mail-templates.ts";
import type { LeadContext } from "../shared/request-context.ts";
import { recordFirstContact } from "../response-times/response-clock.ts";
import { emitDealEvent } from "./emit-deal-event.ts";

const tracked = [
  "stage",
  "notes",
  "dealScore",
  "costOfEquipment",
  "downPayment",
  "approvedAmount",
  "declinedReceivedOn",
  "declinedCompletedOn",
  "declinedNoticeSentOn",
] as const;

const stored = (value: unknown) => String(value ?? "");

/** The notice screen's rule for the day the application was complete holds in the deal form too. */
function refuseCompletedOn(current: typeof deal.$inferSelect, changes: DealUpdate, timeZone: string) {
  if (current.declinedNoticeSentOn)
    throw new AppError("CONFLICT", `The notice was already sent on ${current.declinedNoticeSentOn}.`);
  const receivedOn =
    (changes.declinedReceivedOn !== undefined ? changes.declinedReceivedOn : current.declinedReceivedOn) ??
    dayInTimeZone(current.createdAt, timeZone);
  const problem = completedOnProblem(changes.declinedCompletedOn!, receivedOn, dayInTimeZone(new Date(), timeZone));
  if (problem) throw new AppError("VALIDATION_FAILED", problem, [{ path: "/declinedCompletedOn", message: problem }]);
}

/**
 * A check a subject above deals makes before a deal's stage changes (an expired approval may not go
 * to documents: docs/product-rules.md#r54-the-funder-network). Deals cannot import that subject
 * (ADR 0021), so the composition root passes the check in; it throws an AppError to refuse.
 */
export type DealStageCheck = (tx: Transaction, dealId: string, toStage: number) => Promise<void>;

/** What a deal's update needs: the mails' context and the stage check. */
export type DealUpdateContext = LeadContext & { stageCheck: DealStageCheck };

/**
 * Applies the credit team's edits in one transaction: each changed field is written to the
 * deal's history (who, when, from -> to); a stage change is audited; and every change the vendor
 * can see goes to the vendor in one mail for the save (docs/product-rules.md#r13-changes-are-kept-and-mailed), queued
 * in the same
 * transaction (outbox). A save that changes nothing writes and mails nothing. A move to a stage the
 * applicant hears about (Approved, Docs Out, Funded, Declined) also mails the deal's client once
 * (docs/product-rules.md#r36-applicant-status-mails), unless they opted out.
 */
export async function updateDeal(
  db: Database,
  context: DealUpdateContext,
  actor: { id: string; email: string },
  dealId: string,
  changes: DealUpdate,
) {
  return db.transaction((tx) => applyDealUpdate(tx, context, actor, dealId, changes));
}

/**
 * updateDeal in the caller's transaction (a change that comes with other rows, such as a presented
 * approval). An `automatically` actor is the product itself (every stip in,
 * docs/product-rules.md#r55-stipulations; every document signed, docs/product-rules.md#r57-documents-and-e-signature):
 * its history says why, and it is nobody's first contact.
 */
export async function applyDealUpdate(
  tx: Transaction,
  context: DealUpdateContext,
  by: { id: string; email: string } | { automatically: string },
  dealId: string,
  changes: DealUpdate,
) {
  const actor = "id" in by ? by : null;
  const [current] = await tx.select().from(deal).where(eq(deal.id, dealId)).for("update");
  if (!current) throw new AppError("NOT_FOUND", "Not found.");
  const changed = tracked.filter(
    (field) => changes[field] !== undefined && stored(changes[field]) !== stored(current[field]),
  );
  if (changed.length === 0) return { changed: [] as string[] };
  if (changed.includes("declinedCompletedOn") && changes.declinedCompletedOn)
    refuseCompletedOn(current, changes, context.promise.timeZone);
  if (changed.includes("stage")) await context.stageCheck(tx, dealId, changes.stage!);

  const entries = changed.map((field) => ({
    field,
    fromValue: stored(current[field]),
    toValue: stored(changes[field]),
  }));
  const [updated] = await tx
    .update(deal)
    .set({ ...Object.fromEntries(changed.map((field) => [field, changes[field]])), lastUpdate: new Date() })
    .where(eq(deal.id, dealId))
    .returning();
  await tx.insert(dealHistory).values(
    entries.map((entry) => ({
      dealId,
      actorUserId: actor?.id ?? null,
      actorLabel: "automatically" in by ? by.automatically : null,
      ...entry,
    })),
  );
  if (actor) await recordFirstContact(tx, { type: "deal", id: dealId }, actor.id);
  if (changed.includes("stage")) {
    await recordAudit(tx, {
      action: "deal.stage-change",
      actorUserId: actor?.id ?? null,
      subject: dealId,
      details: { from: current.stage, to: changes.stage },
    });
    const status = applicantStatusForStage(changes.stage!);
    const [client] = status
      ? await tx.select({ email: dealClient.emailContact }).from(dealClient).where(eq(dealClient.dealId, dealId))
      : [];
    if (status && client) await enqueueApplicantStatusMail(tx, context, { to: client.email, status, dealId });
    await emitDealEvent(tx, "deal.stage_changed", updated!);
  }

  const visible = entries.flatMap((entry) =>
    isVendorVisibleDealField(entry.field) ? [describeDealChange(entry.field, entry.fromValue, entry.toValue)] : [],
  );
  if (visible.length === 0) return { changed: [...changed] };
  // Its owner hears; a deal nobody owns (referred through the company's own link) tells the company's admins.
  const recipients = await dealRecipientEmails(tx, current);
  if (recipients.length === 0) return { changed: [...changed] };
  const headline = changed.includes("stage") ? stageLabel(changes.stage!) : "deal updated";
  for (const to of recipients) {
    await enqueueMail(
      tx,
      simpleMail({
        to,
        subject: `${current.businessName}: ${headline}`,
        paragraphs: [
          `The credit team updated the deal ${current.accountNumber} for ${current.businessName}:`,
          ...visible,
          `Amounts are estimated. ${financingDisclaimer}`,
        ],
        action: { label: "Open the vendor portal", url: `${context.publicUrl}/portal` },
        product: context.product,
      }),
      context.cipher,
    );
  }
  return { changed: [...changed] };
}
