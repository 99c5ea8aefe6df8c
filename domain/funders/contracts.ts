import * as z from "zod/mini";
import { optionalEmail, optionalUsPhone } from "../forms/fields.ts";
import { usStates } from "../forms/us-states.ts";
import { endpoint } from "../http/endpoint.ts";
import { commaList, optionalDollars, optionalWhole, splitList } from "./text-fields.ts";
import { fundingProgramValues, industryValues, type FundingProgram, type Industry } from "./funder-terms.ts";

// The network of funders the company brokers to (docs/product-rules.md#r54-the-funder-network): admins keep
// each funder's contact, programs and published criteria; staff read them to send deals.

const stateCodes = new Set<string>(usStates.map(([code]) => code));

/** A funder as admins edit it: the form's fields are text (lists comma-separated), the route's output typed. */
export const funderInput = z
  .object({
    name: z.string().check(z.trim(), z.minLength(1, "Please enter the funder's name."), z.maxLength(80)),
    contactName: z.string().check(z.trim(), z.maxLength(80)),
    contactEmail: optionalEmail(),
    contactPhone: optionalUsPhone(),
    programs: z.pipe(
      commaList(fundingProgramValues, "Choose programs from the list."),
      z.array(z.enum(fundingProgramValues)).check(z.minLength(1, "Choose at least one program.")),
    ),
    minCreditScore: optionalWhole(300, 850, "Enter a credit score from 300 to 850, or leave it empty."),
    minMonthsInBusiness: optionalWhole(0, 600, "Enter a number of months, or leave it empty."),
    minAmount: optionalDollars("Enter an amount in dollars, like 10,000, or leave it empty."),
    maxAmount: optionalDollars("Enter an amount in dollars, like 500,000, or leave it empty."),
    industries: commaList(industryValues, "Choose industries from the list."),
    // The codes are checked on the field itself: an object check also runs when a field failed, and
    // would then read the text as typed.
    states: z.pipe(
      z.pipe(
        z.string().check(z.maxLength(400, "Please use at most 400 characters.")),
        z.transform((text) => splitList(text.toUpperCase())),
      ),
      z
        .array(z.string())
        .check(
          z.refine(
            (states) => states.every((state) => stateCodes.has(state)),
            "Use two-letter state codes separated by commas, like TX, OK.",
          ),
        ),
    ),
    active: z.boolean(),
  })
  .check(
    z.refine(
      (funder) =>
        typeof funder.minAmount !== "number" ||
        typeof funder.maxAmount !== "number" ||
        funder.minAmount <= funder.maxAmount,
      {
        error: "The maximum is below the minimum.",
        path: ["maxAmount"],
      },
    ),
  );

export type FunderInput = z.input<typeof funderInput>;
export type FunderValues = z.output<typeof funderInput>;

export const funderRow = z.object({
  id: z.string(),
  name: z.string(),
  contactName: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string(),
  programs: z.array(z.enum(fundingProgramValues)),
  minCreditScore: z.nullable(z.number()),
  minMonthsInBusiness: z.nullable(z.number()),
  /** Cents. */
  minAmountCents: z.nullable(z.number()),
  maxAmountCents: z.nullable(z.number()),
  industries: z.array(z.enum(industryValues)),
  states: z.array(z.string()),
  active: z.boolean(),
  updatedAt: z.string(),
});

export type FunderRow = z.infer<typeof funderRow>;

/** A stored funder as its form shows it (cents back to dollars, lists to text). */
export function funderFormValues(funder: FunderRow | null): FunderInput {
  const text = (value: number | null | undefined) => (value === null || value === undefined ? "" : String(value));
  const dollars = (cents: number | null | undefined) =>
    text(cents === null || cents === undefined ? null : cents / 100);
  return {
    name: funder?.name ?? "",
    contactName: funder?.contactName ?? "",
    contactEmail: funder?.contactEmail ?? "",
    contactPhone: funder?.contactPhone ?? "",
    programs: (funder?.programs ?? (["equipment-finance"] as FundingProgram[])).join(", "),
    minCreditScore: text(funder?.minCreditScore),
    minMonthsInBusiness: text(funder?.minMonthsInBusiness),
    minAmount: dollars(funder?.minAmountCents),
    maxAmount: dollars(funder?.maxAmountCents),
    industries: (funder?.industries ?? ([] as Industry[])).join(", "),
    states: (funder?.states ?? []).join(", "),
    active: funder?.active ?? true,
  };
}

const funderParams = z.object({ id: z.uuid() });

export const listFunders = endpoint({
  method: "GET",
  path: "/api/back-office/funders",
  audience: "staff",
  summary: "The funders of the network, active first, by name",
  tags: ["back office"],
  responses: { 200: z.object({ funders: z.array(funderRow) }) },
  errors: ["FORBIDDEN"],
});

export const createFunder = endpoint({
  method: "POST",
  path: "/api/back-office/funders",
  audience: "admin",
  summary: "Add a funder with its contact, programs and criteria (admins; audited)",
  tags: ["back office"],
  body: funderInput,
  responses: { 201: z.object({ funder: funderRow }) },
  errors: ["FORBIDDEN", "CONFLICT"],
});

export const updateFunder = endpoint({
  method: "PUT",
  path: "/api/back-office/funders/:id",
  audience: "admin",
  summary: "Change a funder, or set it active or not (admins; audited)",
  tags: ["back office"],
  params: funderParams,
  body: funderInput,
  responses: { 200: z.object({ funder: funderRow }) },
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT"],
});

/** The network's settings (docs/product-rules.md#r54-the-funder-network). */
export const funderSettings = z.object({
  /** Dealers see the name of the funder whose approval was presented. */
  showFunderName: z.boolean(),
  /** Who changed it last, and when; null while it is the default. */
  updatedBy: z.nullable(z.string()),
  updatedAt: z.nullable(z.string()),
});

export type FunderSettings = z.infer<typeof funderSettings>;

export const funderSettingsRequest = z.object({ showFunderName: z.boolean() });

export const getFunderSettings = endpoint({
  method: "GET",
  path: "/api/back-office/funder-settings",
  audience: "staff",
  summary: "The funder network's settings: whether dealers see the funder's name",
  tags: ["back office"],
  responses: { 200: funderSettings },
  errors: ["FORBIDDEN"],
});

export const updateFunderSettings = endpoint({
  method: "PUT",
  path: "/api/back-office/funder-settings",
  audience: "admin",
  summary: "Show or hide the funder's name to dealers on a presented approval (admins; audited)",
  tags: ["back office"],
  body: funderSettingsRequest,
  responses: { 200: funderSettings },
  errors: ["FORBIDDEN"],
});
