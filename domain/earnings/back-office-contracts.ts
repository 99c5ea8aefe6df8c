import * as z from "zod/mini";
import { endpoint } from "../http/endpoint.ts";
import { earningsMonth } from "./portal-contracts.ts";

// Earnings per company and in total, for staff (docs/product-rules.md#r61-dealer-earnings).

export const companyEarningsQuery = z.object({
  /** A business month; absent: all time. */
  month: z.optional(earningsMonth),
});

const figures = {
  accruedCents: z.number(),
  paidCents: z.number(),
  clawedBackCents: z.number(),
  /** Accrued less paid less clawed back, in the period. */
  balanceCents: z.number(),
};

export const companyEarningsRow = z.object({
  id: z.string(),
  name: z.string(),
  tierLabel: z.string(),
  pointsBasisPoints: z.number(),
  trailingVolumeCents: z.number(),
  ...figures,
});

export type CompanyEarningsRow = z.infer<typeof companyEarningsRow>;

export const companyEarnings = z.object({
  month: z.nullable(z.string()),
  currentMonth: z.string(),
  companies: z.array(companyEarningsRow),
  total: z.object({ trailingVolumeCents: z.number(), ...figures }),
});

export type CompanyEarnings = z.infer<typeof companyEarnings>;

export const listCompanyEarnings = endpoint({
  method: "GET",
  path: "/api/back-office/earnings",
  audience: "staff",
  summary: "Earnings per vendor company with a ledger line, and in total, for a month or all time",
  tags: ["back office"],
  query: companyEarningsQuery,
  responses: { 200: companyEarnings },
  errors: ["FORBIDDEN", "TWO_FACTOR_REQUIRED"],
});

export const exportCompanyEarningsCsv = endpoint({
  method: "GET",
  path: "/api/back-office/export/earnings.csv",
  audience: "staff",
  freshFactor: true,
  summary: "Earnings per vendor company and in total, for a month or all time, as CSV (audited)",
  tags: ["back office"],
  query: companyEarningsQuery,
  responses: {},
  download: true,
  errors: ["FORBIDDEN", "TWO_FACTOR_REQUIRED", "REAUTHENTICATION_REQUIRED"],
});
