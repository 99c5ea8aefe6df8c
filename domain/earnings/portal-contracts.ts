import * as z from "zod/mini";
import { endpoint } from "../http/endpoint.ts";
import { earningsPayoutModes } from "./earnings-shapes.ts";

// The dealer's earnings (docs/product-rules.md#r61-dealer-earnings): the company's own matter, its
// dealer admins' only; the company comes from the session, never from the request.

/** A business month, "2026-03". */
export const earningsMonth = z.string().check(
  z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Choose a month as YYYY-MM."),
  z.refine((month) => month >= "2000-01"),
);

const tier = z.object({ label: z.string(), pointsBasisPoints: z.number() });

/** One deal's lines in a month (or a monthly payment, which names no deal: accountNumber ""). */
export const earningsDealLine = z.object({
  /** The business day of its first line in the month. */
  date: z.string(),
  accountNumber: z.string(),
  businessName: z.string(),
  amountFinancedCents: z.number(),
  tierLabel: z.string(),
  pointsBasisPoints: z.number(),
  accruedCents: z.number(),
  paidCents: z.number(),
  clawedBackCents: z.number(),
});

export type EarningsDealLine = z.infer<typeof earningsDealLine>;

export const earningsMonthTotals = z.object({
  month: z.string(),
  accruedCents: z.number(),
  paidCents: z.number(),
  clawedBackCents: z.number(),
});

export type EarningsMonthTotals = z.infer<typeof earningsMonthTotals>;

export const dealerEarnings = z.object({
  /** The month whose deals are listed. */
  month: z.string(),
  /** This business month. */
  currentMonth: z.string(),
  tier,
  trailingVolumeCents: z.number(),
  trailingDays: z.number(),
  clawbackDays: z.number(),
  /** The next tier up, the volume still needed and what it would pay on the example deal; null in the top tier. */
  next: z.nullable(z.extend(tier, { volumeNeededCents: z.number(), exampleEarningsCents: z.number() })),
  exampleDealCents: z.number(),
  /** What the company is owed now (negative: it owes clawed-back earnings). */
  balanceCents: z.number(),
  thisMonthAccruedCents: z.number(),
  payout: z.enum(earningsPayoutModes),
  deals: z.array(earningsDealLine),
  /** Every month with a line, newest first (the statements). */
  months: z.array(earningsMonthTotals),
});

export type DealerEarnings = z.infer<typeof dealerEarnings>;

export const getPortalEarnings = endpoint({
  method: "GET",
  path: "/api/portal/earnings",
  audience: "dealer-admin",
  summary:
    "The company's earnings: its tier, trailing volume, the next tier, the balance, a month's deals and every month's totals",
  tags: ["portal"],
  query: z.object({ month: z.optional(earningsMonth) }),
  responses: { 200: dealerEarnings },
  errors: ["FORBIDDEN"],
});

export const earningsGlance = z.object({
  tier,
  month: z.string(),
  thisMonthAccruedCents: z.number(),
});

export type EarningsGlance = z.infer<typeof earningsGlance>;

export const getPortalEarningsGlance = endpoint({
  method: "GET",
  path: "/api/portal/earnings/glance",
  audience: "dealer-admin",
  summary: "The company's tier and this month's accrued earnings, for the dashboard",
  tags: ["portal"],
  responses: { 200: earningsGlance },
  errors: ["FORBIDDEN"],
});

const statementParams = z.object({ month: earningsMonth });

export const downloadEarningsStatementCsv = endpoint({
  method: "GET",
  path: "/api/portal/earnings/statements/:month/csv",
  audience: "dealer-admin",
  summary: "A month's earnings statement as CSV (as an attachment)",
  tags: ["portal"],
  params: statementParams,
  responses: {},
  download: true,
  errors: ["FORBIDDEN"],
});

export const downloadEarningsStatementPdf = endpoint({
  method: "GET",
  path: "/api/portal/earnings/statements/:month/pdf",
  audience: "dealer-admin",
  summary: "A month's earnings statement as PDF (as an attachment)",
  tags: ["portal"],
  params: statementParams,
  responses: {},
  download: true,
  errors: ["FORBIDDEN"],
});
