import * as z from "zod/mini";
import { adverseActionReasonCodes } from "../adverse-action/reasons.ts";
import { endpoint } from "../http/endpoint.ts";
import { fundingProgramValues, industryValues } from "./funder-terms.ts";
import { commaList, optionalDollars, optionalWhole } from "./text-fields.ts";

// A deal sent to the network's funders and their answers (docs/product-rules.md#r54-the-funder-network): staff
// only; a dealer never sees a funder's answer here.

export const funderDecisions = [
  { value: "pending", label: "Pending" },
  { value: "approved", label: "Approved" },
  { value: "conditioned", label: "Conditioned" },
  { value: "counter-offer", label: "Counter-offer" },
  { value: "declined", label: "Declined" },
] as const;

export type FunderDecision = (typeof funderDecisions)[number]["value"];

const decisionValues = funderDecisions.map((decision) => decision.value) as [FunderDecision, ...FunderDecision[]];

/** Decisions that offer terms: each needs an amount, a term and a payment or a rate. */
export const offersTerms = (decision: string) =>
  decision === "approved" || decision === "conditioned" || decision === "counter-offer";

/** A rate in percent as typed ("8.9"), or empty: basis points or null. */
const optionalRate = z.pipe(
  z.string().check(
    z.trim(),
    z.refine(
      (text) => text === "" || (/^\d{1,2}(\.\d{1,2})?$/.test(text) && Number(text) > 0),
      "Enter the rate in percent, like 8.9, or leave it empty.",
    ),
  ),
  z.transform((text) => (text === "" ? null : Math.round(Number(text) * 100))),
);

/** A funder's answer as staff enter it: text as typed, the route's output typed (cents, months, basis points). */
export const funderAnswerInput = z
  .object({
    decision: z.enum(decisionValues, "Choose the funder's answer."),
    amount: optionalDollars("Enter the approved amount in dollars, like 75,000."),
    termMonths: optionalWhole(1, 180, "Enter the term in months, from 1 to 180."),
    payment: optionalDollars("Enter the monthly payment in dollars, like 1,525.40."),
    rate: optionalRate,
    downPayment: optionalDollars("Enter the down payment in dollars, or leave it empty."),
    fees: optionalDollars("Enter the fees in dollars, or leave them empty."),
    expiresOn: z
      .string()
      .check(
        z.refine((text) => text === "" || /^\d{4}-\d{2}-\d{2}$/.test(text), "Enter the date the approval expires."),
      ),
    conditions: z.string().check(z.trim(), z.maxLength(2000, "Please use at most 2000 characters.")),
    declineReasons: commaList(adverseActionReasonCodes, "Choose the reasons from the list."),
    note: z.string().check(z.trim(), z.maxLength(2000, "Please use at most 2000 characters.")),
  })
  .check(
    z.refine((answer) => !offersTerms(answer.decision) || answer.amount !== null, {
      error: "Enter the approved amount.",
      path: ["amount"],
    }),
    z.refine((answer) => !offersTerms(answer.decision) || answer.termMonths !== null, {
      error: "Enter the term in months.",
      path: ["termMonths"],
    }),
    z.refine((answer) => !offersTerms(answer.decision) || answer.payment !== null || answer.rate !== null, {
      error: "Enter the monthly payment or the rate, as the funder states it.",
      path: ["payment"],
    }),
    z.refine((answer) => answer.decision !== "conditioned" || answer.conditions !== "", {
      error: "Say what the approval is conditioned on.",
      path: ["conditions"],
    }),
    z.refine((answer) => answer.decision !== "declined" || answer.declineReasons.length > 0, {
      error: "Choose at least one reason the funder gave.",
      path: ["declineReasons"],
    }),
  );

export type FunderAnswerInput = z.input<typeof funderAnswerInput>;

export const blankFunderAnswer: FunderAnswerInput = {
  decision: "pending",
  amount: "",
  termMonths: "",
  payment: "",
  rate: "",
  downPayment: "",
  fees: "",
  expiresOn: "",
  conditions: "",
  declineReasons: "",
  note: "",
};

export const funderAnswer = z.object({
  id: z.string(),
  decision: z.enum(decisionValues),
  amountCents: z.nullable(z.number()),
  termMonths: z.nullable(z.number()),
  paymentCents: z.nullable(z.number()),
  rateBasisPoints: z.nullable(z.number()),
  downPaymentCents: z.nullable(z.number()),
  feesCents: z.nullable(z.number()),
  expiresOn: z.nullable(z.string()),
  conditions: z.string(),
  declineReasons: z.array(z.string()),
  note: z.string(),
  enteredBy: z.string(),
  enteredAt: z.string(),
});

export type FunderAnswer = z.infer<typeof funderAnswer>;

const funderFit = z.object({ fits: z.boolean(), misses: z.array(z.string()), unknown: z.array(z.string()) });

export const dealFundersResponse = z.object({
  /** What the suggestions were checked against. */
  facts: z.object({
    program: z.enum(fundingProgramValues),
    amountCents: z.number(),
    creditScore: z.nullable(z.number()),
    monthsInBusiness: z.nullable(z.number()),
    industry: z.nullable(z.enum(industryValues)),
    state: z.nullable(z.string()),
  }),
  /** Sent: each funder with its answer (the latest) and the answers before it, newest first. */
  submissions: z.array(
    z.object({
      id: z.string(),
      funder: z.object({ id: z.string(), name: z.string() }),
      submittedAt: z.string(),
      submittedBy: z.string(),
      answers: z.array(funderAnswer),
    }),
  ),
  /** The answer presented to the dealer, if any, when it expires, whether it has, and when the dealer was reminded. */
  presented: z.nullable(
    z.object({
      answerId: z.string(),
      expiresOn: z.string(),
      presentedAt: z.string(),
      /** Past its last day (business time zone): marked, and the deal cannot go to documents until renewed. */
      expired: z.boolean(),
      /** When the "expires in 5 business days" mail went; null until then, and again once renewed. */
      reminderSentAt: z.nullable(z.string()),
    }),
  ),
  /** The deal's stage, for what the section offers. */
  dealStage: z.number(),
  /** Every funder sent the deal declined it (each one's latest answer): the union of their reasons; otherwise null. */
  allDeclined: z.nullable(z.object({ reasons: z.array(z.string()) })),
  /** Active funders not sent yet, those that fit first, each with why it does or does not. */
  candidates: z.array(z.object({ funder: z.object({ id: z.string(), name: z.string() }), fit: funderFit })),
});

export type DealFunders = z.infer<typeof dealFundersResponse>;

const dealParams = z.object({ id: z.uuid() });

export const sendToFundersRequest = z.object({
  funderIds: z
    .array(z.uuid())
    .check(z.minLength(1, "Choose at least one funder."), z.maxLength(50, "Choose at most 50 funders.")),
});

export const getDealFunders = endpoint({
  method: "GET",
  path: "/api/back-office/deals/:id/funders",
  audience: "staff",
  summary: "A deal's funders: where it was sent, every answer, and the active funders it fits or not, with why",
  tags: ["back office"],
  params: dealParams,
  responses: { 200: dealFundersResponse },
  errors: ["FORBIDDEN", "NOT_FOUND"],
});

export const sendDealToFunders = endpoint({
  method: "POST",
  path: "/api/back-office/deals/:id/funders",
  audience: "staff",
  summary: "Record that a deal was sent to funders, each once, with a pending answer (audited)",
  tags: ["back office"],
  params: dealParams,
  body: sendToFundersRequest,
  responses: { 200: dealFundersResponse },
  errors: ["FORBIDDEN", "NOT_FOUND"],
});

export const recordFunderAnswer = endpoint({
  method: "POST",
  path: "/api/back-office/deals/:id/funders/:submissionId/answers",
  audience: "staff",
  summary: "Record a funder's answer on a deal: approved, conditioned, counter-offer, declined or pending (audited)",
  tags: ["back office"],
  params: z.object({ id: z.uuid(), submissionId: z.uuid() }),
  body: funderAnswerInput,
  responses: { 201: dealFundersResponse },
  errors: ["FORBIDDEN", "NOT_FOUND"],
});

export const presentFunderAnswer = endpoint({
  method: "POST",
  path: "/api/back-office/deals/:id/funders/:submissionId/answers/:answerId/present",
  audience: "staff",
  summary:
    "Present a funder's latest approval, conditioned approval or counter-offer to the dealer: the deal becomes Approved with its terms, expiring on the funder's date or in 30 days (audited)",
  tags: ["back office"],
  params: z.object({ id: z.uuid(), submissionId: z.uuid(), answerId: z.uuid() }),
  responses: { 200: dealFundersResponse },
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT"],
});

/** A renewal: the date the funder gave, or empty for 30 days from today. */
export const renewApprovalRequest = z.object({
  expiresOn: z.string().check(
    z.trim(),
    z.refine(
      (text) => text === "" || /^\d{4}-\d{2}-\d{2}$/.test(text),
      "Enter the date the funder gave, or leave it empty for 30 days from today.",
    ),
  ),
});

export type RenewApprovalRequest = z.input<typeof renewApprovalRequest>;

export const renewApproval = endpoint({
  method: "POST",
  path: "/api/back-office/deals/:id/approval/renew",
  audience: "staff",
  summary:
    "Renew a deal's presented approval to the funder's new date or 30 days from today; the reminder is sent again before it expires (audited)",
  tags: ["back office"],
  params: dealParams,
  body: renewApprovalRequest,
  responses: { 200: dealFundersResponse },
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT"],
});

export const declineWithFunderReasons = endpoint({
  method: "POST",
  path: "/api/back-office/deals/:id/funders/decline",
  audience: "staff",
  summary:
    "When every funder declined a deal: decline it (stage Declined) and choose the funders' reasons for its adverse-action notice (audited)",
  tags: ["back office"],
  params: dealParams,
  responses: { 200: dealFundersResponse },
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT"],
});

/** What a dealer sees of a deal's presented approval: its terms and expiry, never the funder or other answers. */
export const portalApprovalResponse = z.object({
  approval: z.nullable(
    z.object({
      amountCents: z.number(),
      termMonths: z.nullable(z.number()),
      paymentCents: z.nullable(z.number()),
      rateBasisPoints: z.nullable(z.number()),
      downPaymentCents: z.nullable(z.number()),
      conditions: z.string(),
      expiresOn: z.string(),
      /** Whole days left (0 on the last day, negative once expired), in the business time zone. */
      daysLeft: z.number(),
      /** Past its last day: it goes to documents only once the credit team renews it. */
      expired: z.boolean(),
      /** The funder's name, only while an admin lets dealers see it; null otherwise. */
      funderName: z.nullable(z.string()),
    }),
  ),
});

export type PortalApproval = z.infer<typeof portalApprovalResponse>["approval"];

export const getPortalDealApproval = endpoint({
  method: "GET",
  path: "/api/portal/deals/:id/approval",
  audience: "vendor",
  summary:
    "The approval presented for one of the company's deals: terms and expiry; the funder's name only when an admin allows it",
  tags: ["portal"],
  params: dealParams,
  responses: { 200: portalApprovalResponse },
  errors: ["FORBIDDEN", "NOT_FOUND"],
});

/** The portal dashboard's figures of what needs the dealer now, whatever the month: open stips and approvals about to expire. */
export const portalFollowUpsResponse = z.object({
  /** Stips requested or rejected (to send again) on the deals the scope sees. */
  openStips: z.number(),
  /** Presented approvals on open deals expiring within 5 business days and not yet expired. */
  approvalsExpiring: z.number(),
});

export type PortalFollowUps = z.infer<typeof portalFollowUpsResponse>;

export const getPortalFollowUps = endpoint({
  method: "GET",
  path: "/api/portal/dashboard/follow-ups",
  audience: "vendor",
  summary: "Open stips and approvals expiring within 5 business days on the deals the user sees",
  tags: ["portal"],
  responses: { 200: portalFollowUpsResponse },
  errors: ["FORBIDDEN"],
});
