import { asc, eq, sql } from "drizzle-orm";
import { pickedOptionTitle } from "#domain/leads/kinds/picked-option.ts";
import {
  cardUseText,
  oldestDebtText,
  questionnaireFields,
  questionnaireTitle,
} from "#domain/leads/kinds/questionnaire.ts";
import { fieldValues } from "#domain/leads/lead-fields.ts";
import { pickedOption, questionnaireAnswer } from "../../questionnaire/tables.ts";
import { iso, type LeadKind } from "./lead-kind.ts";

/** A pre-qualification answer, with the options picked from it. */
export const questionnaireKind: LeadKind<"questionnaire"> = {
  async load(db, id) {
    const [row] = await db.select().from(questionnaireAnswer).where(eq(questionnaireAnswer.id, id));
    if (!row) return null;
    const picked = await db
      .select()
      .from(pickedOption)
      .where(eq(pickedOption.answerId, id))
      .orderBy(asc(pickedOption.createdAt));
    return {
      detail: {
        type: "questionnaire",
        id,
        createdAt: iso(row.createdAt),
        title: questionnaireTitle(row),
        fields: fieldValues(questionnaireFields, row, {
          lengthCredit: oldestDebtText(row.lengthCredit),
          ccAvailability: cardUseText(row.ccAvailability),
          contactClient: row.contactClient === "yes",
        }),
        payments: row.payments,
      },
      email: null,
      phone: row.businessPhone,
      linked: picked.map((option) => ({
        type: "picked-option",
        id: option.id,
        createdAt: iso(option.createdAt),
        title: pickedOptionTitle(option),
        relation: "picked-option",
      })),
    };
  },
  byContact: {
    from: sql`questionnaire_answer t`,
    title: sql`t.business_name || ' (' || t.name_of_owner || ')'`,
    email: null,
    phone: sql`t.business_phone`,
  },
};
