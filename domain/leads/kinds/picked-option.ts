import { formatUsd } from "../../pricing/money-format.ts";
import { amount, count, field, flag, leadFields, optionalText, text, type NewLeadMail } from "../lead-fields.ts";

/** A payment option picked from a pre-qualification's estimate, as the lead page shows it, in order. */
export const pickedOptionFields = leadFields({
  businessName: field(text, "Business name"),
  nameOfOwner: field(optionalText, "Owner's name"),
  businessPhone: field(optionalText, "Business phone"),
  equipmentDescription: field(text, "Equipment"),
  equipmentCost: field(amount, "Equipment cost", "money"),
  desiredTerm: field(count, "Desired term", "months"),
  term: field(count, "Picked term", "months"),
  monthlyPayment: field(amount, "Estimated monthly payment", "money"),
  agreeItsJustProposal: field(flag, "Agreed it is only a proposal", "yesNo"),
  contactClient: field(flag, "Asked to be contacted", "yesNo"),
});

export const pickedOptionTitle = (option: { businessName: string; term: number }) =>
  `${option.businessName}: ${option.term} months`;

type PickedFrom = {
  businessName: string;
  nameOfOwner: string;
  businessPhone: string;
  equipmentDescription: string;
  equipmentCost: number;
  desiredTerm: number;
};

/** The credit team's mail about an option picked from the stored answer `answer`. */
export function newPickedOptionMail(answer: PickedFrom, term: string, monthlyPayment: number): NewLeadMail {
  return {
    subject: `Payment option picked: ${answer.businessName}`,
    paragraphs: [
      `${answer.businessName} (${answer.nameOfOwner}, ${answer.businessPhone}) picked ${term} months at an estimated ${formatUsd(monthlyPayment)} a month.`,
      `Equipment: ${answer.equipmentDescription}, ${formatUsd(answer.equipmentCost)}; desired term ${answer.desiredTerm} months.`,
      "They confirmed the payments are a soft proposal and that they will send the information the credit team needs.",
    ],
  };
}
