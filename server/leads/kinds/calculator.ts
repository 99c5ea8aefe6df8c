import { eq, sql } from "drizzle-orm";
import {
  calculatorFields,
  calculatorTitle,
  entitiesText,
  equipmentText,
  oldestDebtText,
} from "#domain/leads/kinds/calculator.ts";
import { fieldValues } from "#domain/leads/lead-fields.ts";
import { calculatorLead } from "../../calculator/tables.ts";
import { partner } from "../../partners/tables.ts";
import { iso, type LeadKind } from "./lead-kind.ts";

/** A calculator lead, with the partner calculator it came through. */
export const calculatorKind: LeadKind<"calculator"> = {
  async load(db, id) {
    const [row] = await db
      .select({ lead: calculatorLead, partnerName: partner.name })
      .from(calculatorLead)
      .leftJoin(partner, eq(partner.id, calculatorLead.partnerId))
      .where(eq(calculatorLead.id, id));
    if (!row) return null;
    const { lead } = row;
    const other = lead.otherAnswers;
    return {
      detail: {
        type: "calculator",
        id,
        createdAt: iso(lead.createdAt),
        title: calculatorTitle(lead),
        fields: fieldValues(calculatorFields, lead, {
          partnerName: row.partnerName,
          equipment: equipmentText(lead.equipment),
          entities: entitiesText(lead.entities),
          lengthCredit: oldestDebtText(lead.lengthCredit),
          creditAvailable: other.creditAvailable ?? "",
          installmentLoans: other.installmentLoans ?? "",
          homeownerOrRenter: other.homeownerOrRenter ?? "",
          businessLoans: other.businessLoans ?? "",
          workingCapitalLoans: other.workingCapitalLoans ?? "",
          chosenAt: lead.chosenAt ? iso(lead.chosenAt) : null,
        }),
        payments: lead.payments,
      },
      email: lead.ownerEmail,
      phone: lead.ownerPhone,
      linked: [],
    };
  },
  byContact: {
    from: sql`calculator_lead t`,
    title: sql`t.first_name || ' ' || t.last_name`,
    email: sql`t.owner_email`,
    phone: sql`t.owner_phone`,
  },
};
