import { eq, sql } from "drizzle-orm";
import { pickedOptionFields, pickedOptionTitle } from "#domain/leads/kinds/picked-option.ts";
import { questionnaireTitle } from "#domain/leads/kinds/questionnaire.ts";
import { fieldValues } from "#domain/leads/lead-fields.ts";
import { pickedOption, questionnaireAnswer } from "../../questionnaire/tables.ts";
import { iso, type LeadKind } from "./lead-kind.ts";

/** A payment option picked from an answer: reached, and linked, through the answer. */
export const pickedOptionKind: LeadKind<"picked-option"> = {
  async load(db, id) {
    const [row] = await db
      .select({ option: pickedOption, answer: questionnaireAnswer })
      .from(pickedOption)
      .leftJoin(questionnaireAnswer, eq(questionnaireAnswer.id, pickedOption.answerId))
      .where(eq(pickedOption.id, id));
    if (!row) return null;
    const { option, answer } = row;
    return {
      detail: {
        type: "picked-option",
        id,
        createdAt: iso(option.createdAt),
        title: pickedOptionTitle(option),
        fields: fieldValues(pickedOptionFields, option, {
          nameOfOwner: answer?.nameOfOwner ?? null,
          businessPhone: answer?.businessPhone ?? null,
          contactClient: option.contactClient === "yes",
        }),
      },
      email: null,
      phone: answer?.businessPhone ?? null,
      linked: answer
        ? [
            {
              type: "questionnaire",
              id: answer.id,
              createdAt: iso(answer.createdAt),
              title: questionnaireTitle(answer),
              relation: "picked-from",
            },
          ]
        : [],
    };
  },
  byContact: {
    from: sql`picked_option t join questionnaire_answer a on a.id = t.answer_id`,
    title: sql`t.business_name || ': ' || t.term || ' months'`,
    email: null,
    phone: sql`a.business_phone`,
  },
};
