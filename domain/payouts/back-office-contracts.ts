import * as z from "zod/mini";
import { endpoint } from "../http/endpoint.ts";
import { payoutEntryKinds, payoutEntryStatuses } from "./payout-shapes.ts";
import { returnCodes } from "./return-codes.ts";

// The payout batches in the back office (docs/product-rules.md#r60-payout-batches): what is ready to
// pay and what is held, today's batch built, its NACHA file downloaded again, a return recorded.

const idParams = z.object({ id: z.uuid() });

export const payoutBatchSummary = z.object({
  id: z.string(),
  /** YYYY-MM-DD, the business day it was built. */
  businessDay: z.string(),
  fileIdModifier: z.string(),
  entryCount: z.number(),
  totalCents: z.number(),
  fileSha256: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  returnedCount: z.number(),
});
export type PayoutBatchSummary = z.infer<typeof payoutBatchSummary>;

/** Something owed to a dealer: a deal's approved funding, or a company's month of earnings. */
export const payableItem = z.object({
  kind: z.enum(payoutEntryKinds),
  fundingId: z.nullable(z.string()),
  dealId: z.nullable(z.string()),
  /** The deal's account number, or the earnings' month (YYYY-MM). */
  reference: z.string(),
  businessName: z.string(),
  companyName: z.string(),
  amountCents: z.number(),
  fundedOn: z.nullable(z.string()),
});
export type PayableItem = z.infer<typeof payableItem>;

export const payoutsOverview = z.object({
  /** Today's business day (YYYY-MM-DD). */
  today: z.string(),
  /** Why today's batch cannot be built (not a working day, nothing to pay, no modifier left); null when it can. */
  buildProblem: z.nullable(z.string()),
  /** What the next batch would pay now. */
  payable: z.object({ count: z.number(), totalCents: z.number(), items: z.array(payableItem) }),
  /** Approved fundings not payable now, with why. */
  held: z.array(z.object({ ...payableItem.shape, reason: z.string() })),
  /** Newest first. */
  batches: z.array(payoutBatchSummary),
});
export type PayoutsOverview = z.infer<typeof payoutsOverview>;

export const getPayoutsOverview = endpoint({
  method: "GET",
  path: "/api/back-office/payouts",
  audience: "staff",
  summary: "The payout batches, newest first; what the next batch would pay and what is held, with why",
  tags: ["back office"],
  responses: { 200: payoutsOverview },
  errors: ["FORBIDDEN"],
});

/** What the staff member confirmed: the batch is built only if it still pays exactly that. */
export const buildPayoutBatchInput = z.object({
  entryCount: z.number().check(z.int(), z.minimum(1), z.maximum(100_000)),
  totalCents: z.number().check(z.int(), z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER)),
});
export type BuildPayoutBatchInput = z.infer<typeof buildPayoutBatchInput>;

export const buildPayoutBatch = endpoint({
  method: "POST",
  path: "/api/back-office/payouts/batches",
  audience: "staff",
  summary:
    "Build today's batch of everything payable and its NACHA file (audited); refused when it no longer pays what was confirmed",
  tags: ["back office"],
  body: buildPayoutBatchInput,
  responses: { 201: z.object({ batchId: z.string() }) },
  errors: ["FORBIDDEN", "CONFLICT"],
});

export const payoutEntryView = z.object({
  id: z.string(),
  kind: z.enum(payoutEntryKinds),
  companyName: z.string(),
  dealId: z.nullable(z.string()),
  /** The deal's account number, or the earnings' month. */
  reference: z.string(),
  businessName: z.string(),
  amountCents: z.number(),
  routingNumber: z.string(),
  accountNumberLast4: z.string(),
  traceNumber: z.string(),
  status: z.enum(payoutEntryStatuses),
  returnCode: z.nullable(z.string()),
  returnNote: z.string(),
  returnedAt: z.nullable(z.string()),
  returnedBy: z.nullable(z.string()),
});
export type PayoutEntryView = z.infer<typeof payoutEntryView>;

export const payoutBatchView = z.object({
  batch: payoutBatchSummary,
  entries: z.array(payoutEntryView),
});
export type PayoutBatchView = z.infer<typeof payoutBatchView>;

export const getPayoutBatch = endpoint({
  method: "GET",
  path: "/api/back-office/payouts/batches/:id",
  audience: "staff",
  summary: "A payout batch's entries: company, deal, amount, routing number, the account's last four, trace, status",
  tags: ["back office"],
  params: idParams,
  responses: { 200: payoutBatchView },
  errors: ["FORBIDDEN", "NOT_FOUND"],
});

export const downloadAchFile = endpoint({
  method: "GET",
  path: "/api/back-office/payouts/batches/:id/ach-file",
  audience: "staff",
  freshFactor: true,
  summary:
    "The batch's NACHA file byte for byte as built (full account numbers: a factor proved within minutes; audited)",
  tags: ["back office"],
  params: idParams,
  responses: {},
  download: true,
  errors: ["FORBIDDEN", "TWO_FACTOR_REQUIRED", "REAUTHENTICATION_REQUIRED", "NOT_FOUND"],
});

export const recordReturnInput = z.object({
  returnCode: z.enum(returnCodes, { error: "Choose the return code." }),
  note: z.string().check(z.trim(), z.maxLength(500, "Please use at most 500 characters.")),
});
export type RecordReturnInput = z.infer<typeof recordReturnInput>;

export const recordPayoutReturn = endpoint({
  method: "POST",
  path: "/api/back-office/payouts/entries/:id/return",
  audience: "staff",
  summary:
    "Record that the bank returned an entry: payable again later, the credit team and the dealer admins told (audited)",
  tags: ["back office"],
  params: idParams,
  body: recordReturnInput,
  responses: { 200: payoutBatchView },
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT"],
});
