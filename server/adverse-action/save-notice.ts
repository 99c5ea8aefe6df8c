import { and, eq } from "drizzle-orm";
import { noticeRecipientMessages, type NoticeRecipientRequest } from "#domain/adverse-action/notice-recipient.ts";
import type { AdverseActionSubjectType, NoticeContentRequest } from "#domain/adverse-action/contracts.ts";
import type { Brand } from "#domain/site/brand.ts";
import { dayInTimeZone } from "#domain/site/business-time.ts";
import type { Database, DbExecutor } from "../db/client.ts";
import { adverseActionNotice, creditApplicationDecision } from "./tables.ts";
import { deal, dealHistory } from "../deals/tables.ts";
import { creditApplication } from "../leads/tables.ts";
import { AppError } from "../shared/errors.ts";
import { isUserAddress } from "../accounts/user-address.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { enqueueApplicantStatusMail } from "../applicant-mails/enqueue-applicant-status-mail.ts";
import { enqueueMail } from "../mail/enqueue-mail.ts";
import { simpleMail } from "../mail/mail-templates.ts";
import type { MailContext } from "../shared/request-context.ts";
import { adverseActionState, findNoticeContent, findNoticeSubject, type NoticeSubject } from "./notice-subject.ts";
import { fillNoticeTemplate, noticeTemplate } from "./notice-template.ts";
import { noticeFields, noticeFileName, writeNotice } from "./write-notice.ts";

type Actor = { id: string; ip: string };

async function declinedSubject(
  db: DbExecutor,
  type: AdverseActionSubjectType,
  id: string,
  timeZone: string,
  forUpdate = false,
): Promise<NoticeSubject> {
  const subject = await findNoticeSubject(db, type, id, timeZone, forUpdate);
  if (!subject) throw new AppError("NOT_FOUND", "Not found.");
  if (!subject.declined) throw new AppError("CONFLICT", "A notice of action is only for a declined file.");
  return subject;
}

/**
 * Staff's choice of reasons, or the right-to-request statement, kept until the notice is sent (also
 * in a caller's transaction: a deal declined with its funders' reasons).
 */
export async function saveNoticeContent(
  db: DbExecutor,
  actor: Actor,
  type: AdverseActionSubjectType,
  id: string,
  timeZone: string,
  content: NoticeContentRequest,
) {
  const subject = await declinedSubject(db, type, id, timeZone);
  if (subject.noticeSentOn) throw new AppError("CONFLICT", "The notice was already sent.");
  const values = {
    statement: content.statement,
    reasons: content.statement === "reasons" ? content.reasons : [],
    otherReason: content.statement === "reasons" ? content.otherReason.trim() : "",
  };
  await db
    .insert(adverseActionNotice)
    .values({ subjectType: type, subjectId: id, ...values })
    .onConflictDoUpdate({
      target: [adverseActionNotice.subjectType, adverseActionNotice.subjectId],
      set: { ...values, updatedAt: new Date() },
    });
  return adverseActionState(subject, values);
}

/**
 * The applicant's address entered by staff, used instead of the one on file (missing, or a
 * vendor's or staff login: docs/product-rules.md#r30-never-to-a-users-address). Never a user's address; audited.
 */
export async function setNoticeRecipient(
  db: Database,
  actor: Actor,
  type: AdverseActionSubjectType,
  id: string,
  timeZone: string,
  request: NoticeRecipientRequest,
) {
  return db.transaction(async (tx) => {
    const subject = await declinedSubject(tx, type, id, timeZone, true);
    if (subject.noticeSentOn) throw new AppError("CONFLICT", "The notice was already sent.");
    if (await isUserAddress(tx, request.email)) {
      throw new AppError("VALIDATION_FAILED", noticeRecipientMessages.enteredIsUser, [
        { path: "/email", message: noticeRecipientMessages.enteredIsUser },
      ]);
    }
    await tx
      .insert(adverseActionNotice)
      .values({ subjectType: type, subjectId: id, recipientEmail: request.email })
      .onConflictDoUpdate({
        target: [adverseActionNotice.subjectType, adverseActionNotice.subjectId],
        set: { recipientEmail: request.email, updatedAt: new Date() },
      });
    await recordAudit(tx, {
      action: "adverse-action.recipient-set",
      actorUserId: actor.id,
      subject: id,
      ipAddress: actor.ip,
      details: { type },
    });
    const updated = await declinedSubject(tx, type, id, timeZone);
    return adverseActionState(updated, await findNoticeContent(tx, type, id));
  });
}

/** The notice as it would be sent today: staff review it first (each preview is audited). */
export async function previewNotice(
  db: Database,
  brand: Brand,
  actor: Actor,
  type: AdverseActionSubjectType,
  id: string,
  timeZone: string,
) {
  const subject = await declinedSubject(db, type, id, timeZone);
  const content = await findNoticeContent(db, type, id);
  if (!content)
    throw new AppError("CONFLICT", "Choose the reasons or the statement of the right to request them first.");
  const pdf = await writeNotice(brand, subject, content, subject.noticeSentOn ?? dayInTimeZone(new Date(), timeZone));
  await recordAudit(db, {
    action: "adverse-action.notice-preview",
    actorUserId: actor.id,
    subject: id,
    ipAddress: actor.ip,
    details: { type },
  });
  return { pdf, fileName: noticeFileName(subject) };
}

/**
 * Mails the notice PDF to the applicant through the outbox, records the notice-sent date (a
 * deal's ECOA date, kept in its history; an application's decision) and audits it, in one
 * transaction. A notice is sent once.
 */
export async function sendNotice(
  db: Database,
  brand: Brand,
  actor: Actor,
  type: AdverseActionSubjectType,
  id: string,
  timeZone: string,
) {
  const today = dayInTimeZone(new Date(), timeZone);
  return db.transaction(async (tx) => {
    const subject = await declinedSubject(tx, type, id, timeZone, true);
    if (subject.noticeSentOn) throw new AppError("CONFLICT", `The notice was already sent on ${subject.noticeSentOn}.`);
    if (!subject.recipient) throw new AppError("CONFLICT", subject.recipientProblem ?? noticeRecipientMessages.none);
    const content = await findNoticeContent(tx, type, id);
    if (!content)
      throw new AppError("CONFLICT", "Choose the reasons or the statement of the right to request them first.");
    const pdf = await writeNotice(brand, subject, content, today);
    const fields = noticeFields(brand, subject, today);
    const mail = simpleMail({
      to: subject.recipient,
      subject: fillNoticeTemplate(noticeTemplate.subject, fields),
      paragraphs: noticeTemplate.mailParagraphs.map((text) => fillNoticeTemplate(text, fields)),
      product: brand.name,
    });
    const mailId = await enqueueMail(tx, {
      ...mail,
      attachments: [
        { filename: noticeFileName(subject), contentType: "application/pdf", contentBase64: pdf.toString("base64") },
      ],
    });
    if (type === "deal") {
      await tx.update(deal).set({ declinedNoticeSentOn: today, lastUpdate: new Date() }).where(eq(deal.id, id));
      await tx
        .insert(dealHistory)
        .values({ dealId: id, actorUserId: actor.id, field: "declinedNoticeSentOn", fromValue: "", toValue: today });
    } else {
      await tx
        .update(creditApplicationDecision)
        .set({ noticeSentOn: today, updatedAt: new Date() })
        .where(eq(creditApplicationDecision.applicationId, id));
    }
    await tx
      .update(adverseActionNotice)
      .set({ sentAt: new Date(), sentByUserId: actor.id, sentTo: subject.recipient })
      .where(and(eq(adverseActionNotice.subjectType, type), eq(adverseActionNotice.subjectId, id)));
    await recordAudit(tx, {
      action: "adverse-action.notice-sent",
      actorUserId: actor.id,
      subject: id,
      ipAddress: actor.ip,
      details: { type, mailId },
    });
    return adverseActionState({ ...subject, noticeSentOn: today }, content);
  });
}

/**
 * The credit team's decision on a credit application; declining dates it today (business time
 * zone). An approval or a decline is mailed to the applicant (their status mail,
 * docs/product-rules.md#r36-applicant-status-mails).
 */
export async function setApplicationDecision(
  db: Database,
  actor: Actor,
  id: string,
  timeZone: string,
  decision: "pending" | "approved" | "declined",
  mail: MailContext,
) {
  const today = dayInTimeZone(new Date(), timeZone);
  return db.transaction(async (tx) => {
    const subject = await findNoticeSubject(tx, "credit-application", id, timeZone, true);
    if (!subject) throw new AppError("NOT_FOUND", "Not found.");
    const [current] = await tx
      .select()
      .from(creditApplicationDecision)
      .where(eq(creditApplicationDecision.applicationId, id));
    if (current?.decision !== decision) {
      await tx
        .insert(creditApplicationDecision)
        .values({
          applicationId: id,
          decision,
          receivedOn: subject.receivedOn,
          decidedOn: today,
          decidedByUserId: actor.id,
        })
        .onConflictDoUpdate({
          target: creditApplicationDecision.applicationId,
          set: { decision, decidedOn: today, decidedByUserId: actor.id, updatedAt: new Date() },
        });
      await recordAudit(tx, {
        action: "credit-application.decision",
        actorUserId: actor.id,
        subject: id,
        ipAddress: actor.ip,
        details: { from: current?.decision ?? null, to: decision },
      });
      if (decision !== "pending") {
        const [application] = await tx
          .select({ to: creditApplication.businessEmail })
          .from(creditApplication)
          .where(eq(creditApplication.id, id));
        await enqueueApplicantStatusMail(tx, mail, { to: application!.to, status: decision });
      }
    }
    const updated = await findNoticeSubject(tx, "credit-application", id, timeZone);
    return adverseActionState(updated!, await findNoticeContent(tx, "credit-application", id));
  });
}
