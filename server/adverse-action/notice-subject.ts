import { and, eq, sql } from "drizzle-orm";
import type { AdverseActionState, AdverseActionSubjectType } from "#domain/adverse-action/contracts.ts";
import { noticeRecipientMessages, type NoticeRecipientSource } from "#domain/adverse-action/notice-recipient.ts";
import { noticeDueOn } from "#domain/adverse-action/notice-due.ts";
import { dayInTimeZone } from "#domain/site/business-time.ts";
import type { DbExecutor } from "../db/client.ts";
import { adverseActionNotice, creditApplicationDecision } from "./tables.ts";
import { deal, dealClient } from "../deals/tables.ts";
import { creditApplication } from "../leads/tables.ts";
import { isUserAddress } from "../accounts/user-address.ts";

/** A declined (or not yet declined) file as the notice needs it. */
export type NoticeSubject = {
  type: AdverseActionSubjectType;
  id: string;
  declined: boolean;
  decision: "pending" | "approved" | "declined" | null;
  businessName: string;
  applicantName: string;
  applicantAddress: string;
  /** The address the notice may go to: "" when there is none or it belongs to a user (then `recipientProblem` says why). */
  recipient: string;
  recipientSource: NoticeRecipientSource | null;
  recipientProblem: string | null;
  receivedOn: string;
  /** The day the application was complete, from which the notice's 30 days run. */
  completedOn: string;
  decidedOn: string | null;
  noticeSentOn: string | null;
  /** "Account VP31234." for a deal; "" for an application. */
  reference: string;
};

export type NoticeContent = { statement: "reasons" | "right-to-request"; reasons: string[]; otherReason: string };

/** The address staff entered, else the one on file; refused when it belongs to a user of the product. */
async function noticeRecipient(
  db: DbExecutor,
  onFile: { address: string; source: NoticeRecipientSource },
  entered: string | null,
) {
  const { address, source } = entered ? { address: entered, source: "staff" as const } : onFile;
  if (!address) return { recipient: "", recipientSource: null, recipientProblem: noticeRecipientMessages.none };
  if (await isUserAddress(db, address))
    return {
      recipient: "",
      recipientSource: source,
      recipientProblem: noticeRecipientMessages.userAddress(address, source),
    };
  return { recipient: address, recipientSource: source, recipientProblem: null };
}

const enteredRecipient = (type: AdverseActionSubjectType, id: typeof deal.id | typeof creditApplication.id) =>
  and(eq(adverseActionNotice.subjectType, type), eq(adverseActionNotice.subjectId, id));
/** When a deal was last moved to "Declined" (its history), for the day it was decided. */
const dealDeclinedAt = sql<
  string | null
>`(select max(h.at) from deal_history h where h.deal_id = ${deal.id} and h.field = 'stage' and h.to_value = '0')`;

/**
 * A deal (declined at stage 0, on the day its history says) or a credit application (declined by
 * its decision). Either was complete on the day staff recorded, or else on the day it was
 * received. `forUpdate` locks the row for a send.
 */
export async function findNoticeSubject(
  db: DbExecutor,
  type: AdverseActionSubjectType,
  id: string,
  timeZone: string,
  forUpdate = false,
): Promise<NoticeSubject | null> {
  if (type === "deal") {
    const query = db
      .select({
        deal,
        declinedAt: dealDeclinedAt,
        client: { firstName: dealClient.firstName, lastName: dealClient.lastName, email: dealClient.emailContact },
        entered: adverseActionNotice.recipientEmail,
      })
      .from(deal)
      .leftJoin(dealClient, eq(dealClient.dealId, deal.id))
      .leftJoin(adverseActionNotice, enteredRecipient(type, deal.id))
      .where(eq(deal.id, id));
    const [row] = forUpdate ? await query.for("update", { of: deal }) : await query;
    if (!row) return null;
    const { deal: found, client, declinedAt, entered } = row;
    const receivedOn = found.declinedReceivedOn ?? dayInTimeZone(found.createdAt, timeZone);
    const declined = found.stage === 0;
    const clientName = client ? `${client.firstName} ${client.lastName}`.trim() : "";
    return {
      type,
      id,
      declined,
      decision: null,
      businessName: found.businessName,
      applicantName: clientName || found.ownersName,
      applicantAddress: "",
      ...(await noticeRecipient(db, { address: client?.email || found.businessEmail, source: "deal" }, entered)),
      receivedOn,
      completedOn: found.declinedCompletedOn ?? receivedOn,
      decidedOn: declined ? dayInTimeZone(declinedAt ? new Date(declinedAt) : found.lastUpdate, timeZone) : null,
      noticeSentOn: found.declinedNoticeSentOn,
      reference: `Account ${found.accountNumber}.`,
    };
  }
  const query = db
    .select({
      application: creditApplication,
      decision: creditApplicationDecision,
      entered: adverseActionNotice.recipientEmail,
    })
    .from(creditApplication)
    .leftJoin(creditApplicationDecision, eq(creditApplicationDecision.applicationId, creditApplication.id))
    .leftJoin(adverseActionNotice, enteredRecipient(type, creditApplication.id))
    .where(eq(creditApplication.id, id));
  const [row] = forUpdate ? await query.for("update", { of: creditApplication }) : await query;
  if (!row) return null;
  const { application, decision, entered } = row;
  const declined = decision?.decision === "declined";
  const receivedOn = decision?.receivedOn ?? dayInTimeZone(application.createdAt, timeZone);
  return {
    type,
    id,
    declined,
    decision: decision?.decision ?? "pending",
    businessName: application.businessName,
    applicantName: application.businessContact,
    applicantAddress: `${application.businessAddress}\n${application.businessCity}, ${application.businessState} ${application.businessZipCode}`,
    ...(await noticeRecipient(db, { address: application.businessEmail, source: "application" }, entered)),
    receivedOn,
    completedOn: application.completedOn ?? receivedOn,
    decidedOn: declined ? decision.decidedOn : null,
    noticeSentOn: decision?.noticeSentOn ?? null,
    reference: "",
  };
}

export async function findNoticeContent(
  db: DbExecutor,
  type: AdverseActionSubjectType,
  id: string,
): Promise<NoticeContent | null> {
  const [row] = await db
    .select({
      statement: adverseActionNotice.statement,
      reasons: adverseActionNotice.reasons,
      otherReason: adverseActionNotice.otherReason,
    })
    .from(adverseActionNotice)
    .where(and(eq(adverseActionNotice.subjectType, type), eq(adverseActionNotice.subjectId, id)));
  return row ?? null;
}

export function adverseActionState(subject: NoticeSubject, content: NoticeContent | null): AdverseActionState {
  return {
    type: subject.type,
    id: subject.id,
    declined: subject.declined,
    decision: subject.decision,
    recipient: subject.recipient,
    recipientSource: subject.recipientSource,
    recipientProblem: subject.recipientProblem,
    receivedOn: subject.receivedOn,
    completedOn: subject.completedOn,
    decidedOn: subject.decidedOn,
    dueOn: subject.declined ? noticeDueOn(subject.completedOn) : null,
    noticeSentOn: subject.noticeSentOn,
    content,
  };
}
