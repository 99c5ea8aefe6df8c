import * as z from "zod/mini";
import { earningsPayoutModes } from "../earnings/earnings-shapes.ts";
import { usPhone } from "../forms/fields.ts";
import { endpoint } from "../http/endpoint.ts";
import { fundingStatuses, verificationItems } from "./funding-shapes.ts";

// Verification and funding in the back office (docs/product-rules.md#r58-verification-and-funding).

const idParams = z.object({ id: z.uuid() });
const at = z.nullable(z.string());
const confirmed = (message: string) => z.boolean().check(z.refine((value) => value, message));

/** The call as staff record it; `calledAt` is the wall time in the lender's time zone ("YYYY-MM-DDTHH:MM"). */
export const verificationInput = z.object({
  calledName: z
    .string()
    .check(z.trim(), z.minLength(1, "Enter who you called."), z.maxLength(120, "Please use at most 120 characters.")),
  calledPhone: usPhone(),
  // A real day and time (no 30 February, no 25:70), to the minute, as a datetime-local input sends it.
  calledAt: z.iso.datetime({ local: true, precision: -1, error: "Enter the date and time of the call." }),
  identity: confirmed("Confirm the identity of the person you called."),
  equipmentReceived: confirmed("Confirm the equipment was received and works."),
  paymentAndTerm: confirmed("Confirm the payment amount and term with the customer."),
  insurance: confirmed("Confirm the insurance is in place."),
  deliveryCertificateDocumentId: z.string().check(z.uuid("Choose the signed delivery and acceptance certificate.")),
  note: z.string().check(z.trim(), z.maxLength(1000, "Please use at most 1000 characters.")),
});
export type VerificationInput = z.infer<typeof verificationInput>;

/** The checkbox of each item on the form, in the checklist's order. */
export const verificationItemFields = {
  identity: "identity",
  "equipment-received": "equipmentReceived",
  "payment-and-term": "paymentAndTerm",
  insurance: "insurance",
} as const satisfies Record<(typeof verificationItems)[number], keyof VerificationInput>;

export const fundingLine = z.object({ label: z.string(), cents: z.int(), sign: z.enum(["+", "-", "="]) });

const earningsQuote = z.object({
  tierLabel: z.string(),
  pointsBasisPoints: z.int(),
  trailingVolumeCents: z.int(),
  earningsCents: z.int(),
  payout: z.enum(earningsPayoutModes),
});

export const staffFunding = z.object({
  id: z.string(),
  status: z.enum(fundingStatuses),
  lines: z.array(fundingLine),
  amountCents: z.int(),
  amountFinancedCents: z.int(),
  preparedBy: z.string(),
  preparedAt: z.string(),
  decidedBy: z.nullable(z.string()),
  decidedAt: at,
  rejectReason: z.string(),
  fundedOn: at,
  cancelledAt: at,
  cancelledBy: z.nullable(z.string()),
  cancelReason: z.string(),
  /** Whether the reader may approve or reject it (waiting, and not prepared by them). */
  canDecide: z.boolean(),
});
export type StaffFunding = z.infer<typeof staffFunding>;

export const dealFundingResponse = z.object({
  stage: z.int(),
  verification: z.nullable(
    z.object({
      calledName: z.string(),
      calledPhone: z.string(),
      calledAt: z.string(),
      confirmedItems: z.array(z.enum(verificationItems)),
      deliveryCertificate: z.object({ id: z.string(), name: z.string() }),
      note: z.string(),
      recordedBy: z.string(),
      recordedAt: z.string(),
    }),
  ),
  /** Why the call cannot be recorded now, or null. */
  verificationProblem: z.nullable(z.string()),
  /** The deal's documents to choose the certificate from, and the sealed one the signing produced. */
  documents: z.array(z.object({ id: z.string(), name: z.string() })),
  suggestedCertificateId: z.nullable(z.string()),
  /** Newest first. */
  fundings: z.array(staffFunding),
  /** The funding as it would be prepared now, line by line, with the earnings it would accrue. */
  preview: z.nullable(z.object({ lines: z.array(fundingLine), amountCents: z.int(), earnings: earningsQuote })),
  /** Why a funding cannot be prepared now, or null. */
  preparationProblem: z.nullable(z.string()),
});
export type DealFunding = z.infer<typeof dealFundingResponse>;

export const getDealFunding = endpoint({
  method: "GET",
  path: "/api/back-office/deals/:id/funding",
  audience: "staff",
  summary: "A deal's verification call, its fundings, and the funding as it would be prepared now",
  tags: ["back office"],
  params: idParams,
  responses: { 200: dealFundingResponse },
  errors: ["FORBIDDEN", "NOT_FOUND"],
});

export const recordVerification = endpoint({
  method: "POST",
  path: "/api/back-office/deals/:id/verification",
  audience: "staff",
  summary: "Record the verification call and the signed delivery certificate; the deal moves to Verbal (audited)",
  tags: ["back office"],
  params: idParams,
  body: verificationInput,
  responses: { 200: dealFundingResponse },
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT"],
});

export const prepareFunding = endpoint({
  method: "POST",
  path: "/api/back-office/deals/:id/funding",
  audience: "staff",
  summary: "Prepare the deal's funding from its approval, for a second staff member to approve (audited)",
  tags: ["back office"],
  params: idParams,
  responses: { 201: dealFundingResponse },
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT"],
});

export const approveFunding = endpoint({
  method: "POST",
  path: "/api/back-office/fundings/:id/approve",
  audience: "staff",
  freshFactor: true,
  summary: "Approve a funding another staff member prepared: the deal is Funded, earnings accrue (audited, webhook)",
  tags: ["back office"],
  params: idParams,
  responses: { 200: dealFundingResponse },
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT"],
});

export const fundingReasonInput = z.object({
  reason: z
    .string()
    .check(z.trim(), z.minLength(1, "Say why."), z.maxLength(500, "Please use at most 500 characters.")),
});

export const rejectFunding = endpoint({
  method: "POST",
  path: "/api/back-office/fundings/:id/reject",
  audience: "staff",
  summary: "Reject a funding another staff member prepared, with the reason (audited)",
  tags: ["back office"],
  params: idParams,
  body: fundingReasonInput,
  responses: { 200: dealFundingResponse },
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT"],
});

export const cancelFunding = endpoint({
  method: "POST",
  path: "/api/back-office/fundings/:id/cancel",
  audience: "staff",
  summary: "Cancel a funded deal: the deal is Closed, earnings inside the window are clawed back (audited)",
  tags: ["back office"],
  params: idParams,
  body: fundingReasonInput,
  responses: { 200: dealFundingResponse },
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT"],
});
