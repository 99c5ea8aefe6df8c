import type { LeadType } from "#domain/leads/lead-inbox.ts";
import { calculatorKind } from "./calculator.ts";
import { creditApplicationKind } from "./credit-application.ts";
import { footerMessageKind } from "./footer-message.ts";
import type { LeadKind } from "./lead-kind.ts";
import { pickedOptionKind } from "./picked-option.ts";
import { questionnaireKind } from "./questionnaire.ts";
import { vendorContactKind } from "./vendor-contact.ts";

/**
 * Each kind of lead on the server, its module beside this one: the lead index and the lists,
 * the CSV export (lead-index.ts, all-leads.ts) and the lead's page (get-lead-detail.ts) read it.
 */
export const leadKinds: { [Type in LeadType]: LeadKind<Type> } = {
  questionnaire: questionnaireKind,
  "picked-option": pickedOptionKind,
  "credit-application": creditApplicationKind,
  calculator: calculatorKind,
  "vendor-contact": vendorContactKind,
  "footer-message": footerMessageKind,
};
