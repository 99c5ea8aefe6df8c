import * as z from "zod/mini";
import { endpoint } from "../http/endpoint.ts";
import { earningsPayoutModes } from "./earnings-shapes.ts";
import { maxTierFloorCents, parseDollarsToCents, parsePercentToBasisPoints } from "./earnings-figures.ts";
import { maxPointsBasisPoints, maxTiers, tiersProblem } from "./tier-rules.ts";

// The earnings rules (docs/product-rules.md#r61-dealer-earnings): admins save the tiers and the two
// windows as a whole, staff read them, anyone reads the tiers the vendor resources page explains;
// staff set how each company is paid.

export const tierLabelMaxLength = 40;
export const maxWindowDays = 365;

const dollars = z.pipe(
  z.string().check(
    z.trim(),
    z.refine((text) => {
      const cents = parseDollarsToCents(text);
      return cents !== undefined && cents <= maxTierFloorCents;
    }, "Enter the volume in dollars, like 250,000."),
  ),
  z.transform((text) => parseDollarsToCents(text)!),
);

const points = z.pipe(
  z.string().check(
    z.trim(),
    z.refine(
      (text) => {
        const basisPoints = parsePercentToBasisPoints(text);
        return basisPoints !== undefined && basisPoints <= maxPointsBasisPoints;
      },
      `Enter the points as a percent with at most two decimals, at most ${maxPointsBasisPoints / 100}%.`,
    ),
  ),
  z.transform((text) => parsePercentToBasisPoints(text)!),
);

const days = (what: string) =>
  z.pipe(
    z.string().check(
      z.trim(),
      z.refine((text) => /^\d{1,3}$/.test(text) && Number(text) >= 1 && Number(text) <= maxWindowDays, {
        message: `Enter the ${what} in days, from 1 to ${maxWindowDays}.`,
      }),
    ),
    z.transform(Number),
  );

/** One row of the tiers as an admin types it: its name, the volume it starts at (dollars) and its points (percent). */
export const earningsTierRowInput = z.object({
  label: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, "Give the tier a name."),
      z.maxLength(tierLabelMaxLength, `Please use at most ${tierLabelMaxLength} characters.`),
    ),
  from: dollars,
  points,
});

/**
 * The whole set as an admin saves it, by the form and the route alike: the rows in order, then the
 * windows; `tiersProblem` says what is wrong with the set as a whole (at the path `tiers`).
 */
export const earningsRulesInput = z
  .object({
    tiers: z
      .array(earningsTierRowInput)
      .check(z.minLength(1, "Keep at least one tier."), z.maxLength(maxTiers, `At most ${maxTiers} tiers.`)),
    trailingDays: days("trailing window"),
    clawbackDays: days("clawback window"),
  })
  .check(
    z.superRefine((rules, ctx) => {
      // Said once each row reads: a row's own message comes first.
      if (rules.tiers.some((tier) => typeof tier.from !== "number" || typeof tier.points !== "number")) return;
      const problem = tiersProblem(
        rules.tiers.map((tier) => ({ label: tier.label, minVolumeCents: tier.from, pointsBasisPoints: tier.points })),
      );
      if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["tiers"], input: rules.tiers });
    }),
  );

export type EarningsRulesInput = z.input<typeof earningsRulesInput>;
export type EarningsTierRowInput = z.input<typeof earningsTierRowInput>;

export const earningsTierShape = z.object({
  label: z.string(),
  minVolumeCents: z.number(),
  /** 150 = 1.50% of the amount financed. */
  pointsBasisPoints: z.number(),
});

/** The rules as they are: the tiers, lowest first, and the windows. */
export const earningsRules = z.object({
  tiers: z.array(earningsTierShape),
  trailingDays: z.number(),
  clawbackDays: z.number(),
});

export type EarningsRulesView = z.infer<typeof earningsRules>;

export const getEarningsRules = endpoint({
  method: "GET",
  path: "/api/back-office/earnings/tiers",
  audience: "staff",
  summary: "The earnings tiers and windows, with who changed them last",
  tags: ["back office"],
  responses: {
    200: z.extend(earningsRules, { updatedBy: z.nullable(z.string()), updatedAt: z.nullable(z.string()) }),
  },
  errors: ["FORBIDDEN", "TWO_FACTOR_REQUIRED"],
});

export const saveEarningsRules = endpoint({
  method: "PUT",
  path: "/api/back-office/earnings/tiers",
  audience: "admin",
  summary:
    "Replace the earnings tiers and windows as a whole (admins; audited). Earnings already accrued keep their tier",
  tags: ["back office"],
  body: earningsRulesInput,
  responses: { 200: earningsRules },
  errors: ["FORBIDDEN", "TWO_FACTOR_REQUIRED"],
});

export const getPublicEarningsTiers = endpoint({
  method: "GET",
  path: "/api/earnings/tiers",
  audience: "public",
  summary: "The dealers' earnings tiers and windows, as the vendor resources page explains them",
  tags: ["vendors"],
  responses: { 200: earningsRules },
  errors: [],
});

export const earningsPayoutRequest = z.object({
  payout: z.enum(earningsPayoutModes, "Choose how the earnings are paid."),
});

export const setEarningsPayoutMode = endpoint({
  method: "PUT",
  path: "/api/back-office/vendors/companies/:companyId/earnings-payout",
  audience: "staff",
  summary: "Set how a vendor company's earnings are paid: with each funding or monthly (audited)",
  tags: ["back office"],
  params: z.object({ companyId: z.uuid() }),
  body: earningsPayoutRequest,
  responses: { 200: earningsPayoutRequest },
  errors: ["FORBIDDEN", "TWO_FACTOR_REQUIRED", "NOT_FOUND"],
});
