import * as z from "zod/mini";
import { idempotencyKey } from "../forms/fields.ts";
import { LANDING_PAYMENT_TERMS } from "../pricing/landing-quote.ts";
import { landingQuoteResponse } from "../pricing/quote-requests.ts";

export const softProposalMessage = "Please confirm that you understand these payments are a soft proposal.";
export const needMoreInformationMessage =
  "We need more information to see if you could qualify. An account manager will contact you shortly. Thank you for your patience.";
export const contactRequestedMessage = "Thank you. A finance specialist will contact you shortly.";

/** POST /api/leads/questionnaire-answer answers with the stored id and the server's quote. */
export const questionnaireAnswerResponse = z.object({ id: z.string(), quote: landingQuoteResponse });

/** The option picked on /FinancingOptions; the server prices it again from the stored answer. */
export const pickedOptionRequest = z.object({
  answerId: z.uuid(),
  term: z.enum(LANDING_PAYMENT_TERMS.map(String) as ["24", "36", "48", "60"], "Please choose a payment option."),
  agreeItsJustProposal: z.literal(true, softProposalMessage),
  idempotencyKey,
});

export type PickedOptionRequest = z.infer<typeof pickedOptionRequest>;

export const pickedOptionResponse = z.object({ id: z.string(), monthlyPayment: z.number() });

export const contactRequest = z.object({ answerId: z.uuid() });
