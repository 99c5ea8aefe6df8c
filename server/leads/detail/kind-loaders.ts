import type { LeadType } from "#domain/leads/lead-inbox.ts";
import { calculatorLoader } from "./calculator.ts";
import { creditApplicationLoader } from "./credit-application.ts";
import { footerMessageLoader } from "./footer-message.ts";
import type { KindLoader } from "./kind-loader.ts";
import { pickedOptionLoader } from "./picked-option.ts";
import { questionnaireLoader } from "./questionnaire.ts";
import { vendorContactLoader } from "./vendor-contact.ts";

/** The loader of each kind of lead (its module beside this one). */
export const kindLoaders: { [Type in LeadType]: KindLoader<Type> } = {
  questionnaire: questionnaireLoader,
  "picked-option": pickedOptionLoader,
  "credit-application": creditApplicationLoader,
  calculator: calculatorLoader,
  "vendor-contact": vendorContactLoader,
  "footer-message": footerMessageLoader,
};
