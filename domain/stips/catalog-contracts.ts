import * as z from "zod/mini";
import { endpoint } from "../http/endpoint.ts";
import { fundingProgramValues } from "../funders/funder-terms.ts";
import { commaList, optionalDollars } from "../funders/text-fields.ts";
import { stipSatisfierValues, type StipSatisfier } from "./stip-rules.ts";

// The catalog of stips (docs/product-rules.md#r55-stipulations): admins keep what each asks for, who may
// satisfy it and the default rule that picks it when an approval is presented; staff read it.

/** A catalog stip as admins edit it: the form's fields as typed (programs comma-separated, dollars), the route's output typed. */
export const stipKindInput = z.object({
  name: z.string().check(z.trim(), z.minLength(1, "Please name the stip."), z.maxLength(200)),
  description: z.string().check(z.trim(), z.maxLength(1000, "Please use at most 1000 characters.")),
  satisfiedBy: z.enum(stipSatisfierValues, "Choose who sends it."),
  pickedByDefault: z.boolean(),
  /** Empty: every program. */
  programs: commaList(fundingProgramValues, "Choose programs from the list."),
  /** Picked by default from this approved amount on; empty: any amount. */
  minAmount: optionalDollars("Enter an amount in dollars, like 50,000, or leave it empty."),
  active: z.boolean(),
});

export type StipKindInput = z.input<typeof stipKindInput>;
export type StipKindValues = z.output<typeof stipKindInput>;

export const stipKindRow = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  satisfiedBy: z.enum(stipSatisfierValues),
  pickedByDefault: z.boolean(),
  programs: z.array(z.enum(fundingProgramValues)),
  /** Cents; null: any amount. */
  minAmountCents: z.nullable(z.number()),
  active: z.boolean(),
  updatedAt: z.string(),
});

export type StipKindRow = z.infer<typeof stipKindRow>;

/** A stored catalog stip as its form shows it (cents back to dollars, the programs as text). */
export function stipKindFormValues(kind: StipKindRow | null): StipKindInput {
  return {
    name: kind?.name ?? "",
    description: kind?.description ?? "",
    satisfiedBy: kind?.satisfiedBy ?? ("applicant" satisfies StipSatisfier),
    pickedByDefault: kind?.pickedByDefault ?? false,
    programs: (kind?.programs ?? []).join(", "),
    minAmount:
      kind?.minAmountCents === null || kind?.minAmountCents === undefined ? "" : String(kind.minAmountCents / 100),
    active: kind?.active ?? true,
  };
}

const stipKindParams = z.object({ id: z.uuid() });

export const listStipKinds = endpoint({
  method: "GET",
  path: "/api/back-office/stip-kinds",
  audience: "staff",
  summary: "The stips catalog, active first, by name",
  tags: ["back office"],
  responses: { 200: z.object({ stipKinds: z.array(stipKindRow) }) },
  errors: ["FORBIDDEN", "TWO_FACTOR_REQUIRED"],
});

export const createStipKind = endpoint({
  method: "POST",
  path: "/api/back-office/stip-kinds",
  audience: "admin",
  summary: "Add a stip to the catalog, with who satisfies it and its default rule (admins; audited)",
  tags: ["back office"],
  body: stipKindInput,
  responses: { 201: z.object({ stipKind: stipKindRow }) },
  errors: ["FORBIDDEN", "CONFLICT"],
});

export const updateStipKind = endpoint({
  method: "PUT",
  path: "/api/back-office/stip-kinds/:id",
  audience: "admin",
  summary: "Change a catalog stip, or set it active or not (admins; audited)",
  tags: ["back office"],
  params: stipKindParams,
  body: stipKindInput,
  responses: { 200: z.object({ stipKind: stipKindRow }) },
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT"],
});
