import { eq } from "drizzle-orm";
import type { AdverseActionSubjectType } from "#domain/adverse-action/contracts.ts";
import { completedOnProblem } from "#domain/adverse-action/notice-due.ts";
import { dayInTimeZone } from "#domain/site/business-time.ts";
import type { Database } from "../db/client.ts";
import { deal, dealHistory } from "../deals/tables.ts";
import { creditApplication, leadHistory } from "../leads/tables.ts";
import { AppError } from "../shared/errors.ts";
import { adverseActionState, findNoticeContent, findNoticeSubject } from "./notice-subject.ts";

type Actor = { id: string; ip: string };

/**
 * Records the day the application was complete, from which the notice's 30 days run: a deal's
 * "Application complete" date, an application's own; the change is a line in the file's history
 * (the deal's, or the lead's). Not before the day it was received nor after today, and not once
 * the notice is sent (the day it was due by stays as it was judged).
 */
export async function recordCompletedOn(
  db: Database,
  actor: Actor,
  type: AdverseActionSubjectType,
  id: string,
  timeZone: string,
  completedOn: string,
) {
  const today = dayInTimeZone(new Date(), timeZone);
  return db.transaction(async (tx) => {
    const subject = await findNoticeSubject(tx, type, id, timeZone, true);
    if (!subject) throw new AppError("NOT_FOUND", "Not found.");
    if (subject.noticeSentOn) throw new AppError("CONFLICT", `The notice was already sent on ${subject.noticeSentOn}.`);
    const problem = completedOnProblem(completedOn, subject.receivedOn, today);
    if (problem) throw new AppError("VALIDATION_FAILED", problem, [{ path: "/completedOn", message: problem }]);
    if (completedOn !== subject.completedOn) {
      if (type === "deal") {
        await tx.update(deal).set({ declinedCompletedOn: completedOn, lastUpdate: new Date() }).where(eq(deal.id, id));
        await tx.insert(dealHistory).values({
          dealId: id,
          actorUserId: actor.id,
          field: "declinedCompletedOn",
          fromValue: subject.completedOn,
          toValue: completedOn,
        });
      } else {
        await tx.update(creditApplication).set({ completedOn }).where(eq(creditApplication.id, id));
        await tx.insert(leadHistory).values({
          leadType: type,
          leadId: id,
          actorUserId: actor.id,
          field: "completedOn",
          fromValue: subject.completedOn,
          toValue: completedOn,
        });
      }
    }
    return adverseActionState({ ...subject, completedOn }, await findNoticeContent(tx, type, id));
  });
}
