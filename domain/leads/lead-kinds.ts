import { calculatorFields } from "./kinds/calculator.ts";
import { creditApplicationFields } from "./kinds/credit-application.ts";
import { footerMessageFields } from "./kinds/footer-message.ts";
import { pickedOptionFields } from "./kinds/picked-option.ts";
import { questionnaireFields } from "./kinds/questionnaire.ts";
import { vendorContactFields } from "./kinds/vendor-contact.ts";
import type { FieldSpec } from "./lead-fields.ts";
import type { LeadType } from "./lead-inbox.ts";

/** The label map of each kind's own fields (its module in `kinds/`): the page lists a lead's fields by it, in its order. */
export const leadFieldLabels: Record<LeadType, Record<string, FieldSpec>> = {
  questionnaire: questionnaireFields.labels,
  "picked-option": pickedOptionFields.labels,
  calculator: calculatorFields.labels,
  "footer-message": footerMessageFields.labels,
  "vendor-contact": vendorContactFields.labels,
  "credit-application": creditApplicationFields.labels,
};
