/**
 * The public routes that store a lead, and the kind of lead each stores (its table): the one
 * place the metrics learn what a lead route is. Each answers 201 for a new lead and 200 for a
 * repeat of an idempotency key, which stores nothing. `contact-request` and `calculator-choice`
 * update a lead already counted, so they are not here.
 */
export const leadKindByRoute = {
  "/api/leads/footer-message": "footer_message",
  "/api/leads/vendor-contact": "vendor_contact",
  "/api/leads/credit-application": "credit_application",
  "/api/leads/questionnaire-answer": "questionnaire_answer",
  "/api/leads/picked-option": "picked_option",
  "/api/leads/calculator": "calculator_lead",
} as const satisfies Record<`/api/leads/${string}`, string>;

export type LeadKind = (typeof leadKindByRoute)[keyof typeof leadKindByRoute];

export const leadKinds = Object.values(leadKindByRoute);

/** The kind of lead a POST to this route pattern stores, or undefined for any other route. */
export function leadKindOf(method: string, route: string | undefined): LeadKind | undefined {
  if (method !== "POST" || !route) return undefined;
  return (leadKindByRoute as Record<string, LeadKind>)[route];
}
