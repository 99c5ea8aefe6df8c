import { eq } from "drizzle-orm";
import type { PickedOptionRequest } from "#domain/questionnaire/picked-option-schema.ts";
import { newPickedOptionMail } from "#domain/leads/kinds/picked-option.ts";
import type { Database } from "../db/client.ts";
import { pickedOption, questionnaireAnswer } from "./tables.ts";
import { AppError } from "../shared/errors.ts";
import { simpleMail } from "../mail/mail-templates.ts";
import { storeLead } from "../response-times/store-lead.ts";
import type { LeadContext } from "../shared/request-context.ts";
import { leadClock } from "../response-times/response-clock.ts";

/** Stores the picked option with the payment the server computed for the stored answer. */
export async function createPickedOption(db: Database, context: LeadContext, request: PickedOptionRequest) {
  const [answer] = await db.select().from(questionnaireAnswer).where(eq(questionnaireAnswer.id, request.answerId));
  if (!answer)
    throw new AppError("NOT_FOUND", "We could not find your answers. Please fill in the questionnaire again.");
  const payment = answer.payments?.[request.term];
  if (!answer.eligible || payment === undefined)
    throw new AppError("CONFLICT", "These answers have no payment options; a specialist will contact you.");

  const stored = await storeLead(db, {
    type: "picked-option",
    insert: db
      .insert(pickedOption)
      .values({
        idempotencyKey: request.idempotencyKey,
        answerId: answer.id,
        businessName: answer.businessName,
        equipmentDescription: answer.equipmentDescription,
        equipmentCost: answer.equipmentCost,
        desiredTerm: answer.desiredTerm,
        term: Number(request.term),
        monthlyPayment: payment,
        agreeItsJustProposal: request.agreeItsJustProposal,
        contactClient: answer.contactClient,
      })
      .onConflictDoNothing({ target: pickedOption.idempotencyKey })
      .returning(),
    existing: async () =>
      (
        await db
          .select({ id: pickedOption.id })
          .from(pickedOption)
          .where(eq(pickedOption.idempotencyKey, request.idempotencyKey))
      )[0]!.id,
    clock: leadClock(context.promise, "picked-option"),
    cipher: context.cipher,
    notification: simpleMail({
      to: context.creditTeamEmail,
      ...newPickedOptionMail(answer, request.term, payment),
      action: { label: "Open the back office", url: `${context.publicUrl}/back-office` },
      product: context.product,
    }),
  });
  return { ...stored, monthlyPayment: payment };
}
