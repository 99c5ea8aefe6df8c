import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { questionnaireAnswer } from "./tables.ts";
import { AppError } from "../shared/errors.ts";
import { enqueueMail } from "../mail/enqueue-mail.ts";
import { simpleMail } from "../mail/mail-templates.ts";
import type { LeadContext } from "../shared/request-context.ts";

/** "Yes, please contact me.": contactClient goes from no to yes once, and the team is told. */
export async function requestContact(db: Database, context: LeadContext, answerId: string): Promise<void> {
  return db.transaction(async (tx) => {
    const [answer] = await tx
      .update(questionnaireAnswer)
      .set({ contactClient: "yes" })
      .where(and(eq(questionnaireAnswer.id, answerId), eq(questionnaireAnswer.contactClient, "no")))
      .returning();
    if (!answer) {
      const [existing] = await tx
        .select({ id: questionnaireAnswer.id })
        .from(questionnaireAnswer)
        .where(eq(questionnaireAnswer.id, answerId));
      if (!existing) throw new AppError("NOT_FOUND", "We could not find your answers. Please call us.");
      return;
    }
    await enqueueMail(
      tx,
      simpleMail({
        to: context.creditTeamEmail,
        subject: `Contact requested: ${answer.businessName}`,
        paragraphs: [
          `${answer.nameOfOwner} of ${answer.businessName} asked to be contacted about their financing options. Phone: ${answer.businessPhone}.`,
        ],
        action: { label: "Open the back office", url: `${context.publicUrl}/back-office` },
        product: context.product,
      }),
      context.cipher,
    );
  });
}
