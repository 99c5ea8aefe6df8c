import { asc, eq, sql } from "drizzle-orm";
import { pickedOptionTitle } from "#domain/leads/kinds/picked-option.ts";
import { cardUseText, oldestDebtText, questionnaireTitle } from "#domain/leads/kinds/questionnaire.ts";
import { pickedOption, questionnaireAnswer } from "../../questionnaire/tables.ts";
import { iso, type LeadKind } from "./lead-kind.ts";

/** A pre-qualification answer, with the options picked from it. */
export const questionnaireKind: LeadKind<"questionnaire"> = {
  row: {
    table: "questionnaire_answer",
    title: "l.business_name || ' (' || l.name_of_owner || ')'",
    contact: "l.business_phone",
    words: ["l.business_name", "l.name_of_owner"],
    phone: "l.business_phone",
  },
  async load(db, id) {
    const [row] = await db.select().from(questionnaireAnswer).where(eq(questionnaireAnswer.id, id));
    if (!row) return null;
    const picked = await db.select().from(pickedOption).where(eq(pickedOption.answerId, id)).orderBy(asc(pickedOption.createdAt));
    return {
      detail: {
        type: "questionnaire",
        id,
        createdAt: iso(row.createdAt),
        title: questionnaireTitle(row),
        fields: {
          nameOfOwner: row.nameOfOwner,
          businessName: row.businessName,
          businessPhone: row.businessPhone,
          lengthCredit: oldestDebtText(row.lengthCredit),
          creditScore: row.creditScore,
          ccAvailability: cardUseText(row.ccAvailability),
          bankruptcy: row.bankruptcy,
          ownerRent: row.ownerRent,
          personalCreditAccounts: row.personalCreditAccounts,
          businessLoans: row.businessLoans,
          startMonth: row.startMonth,
          startYear: row.startYear,
          monthsInBusiness: row.monthsInBusiness,
          vendorName: row.vendorName,
          vendorPhone: row.vendorPhone,
          equipmentDescription: row.equipmentDescription,
          newOrUsed: row.newOrUsed,
          equipmentCost: row.equipmentCost,
          desiredTerm: row.desiredTerm,
          monthlyRevenueGenerated: row.monthlyRevenueGenerated,
          annualGrossRevenue: row.annualGrossRevenue,
          eligible: row.eligible,
          annualRate: row.annualRate,
          contactClient: row.contactClient === "yes",
          visitId: row.visitId,
        },
        payments: row.payments,
      },
      email: null,
      phone: row.businessPhone,
      linked: picked.map((option) => ({ type: "picked-option", id: option.id, createdAt: iso(option.createdAt), title: pickedOptionTitle(option), relation: "picked-option" })),
    };
  },
  byContact: { from: sql`questionnaire_answer t`, title: sql`t.business_name || ' (' || t.name_of_owner || ')'`, email: null, phone: sql`t.business_phone` },
};
