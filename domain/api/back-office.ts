import * as z from "zod/mini";
import { stageValues } from "../deals/stages.ts";
import { calendarDay } from "../forms/date-range.ts";
import { dealCursor } from "./deal-cursor.ts";

export const backOfficeDealQuery = z.object({
  stage: z.optional(z.string().check(z.regex(/^\d$/))),
  company: z.optional(z.uuid()),
  month: z.optional(z.string().check(z.regex(/^([0-9]|1[01])$/, "month is 0-11"))),
  q: z.optional(z.string().check(z.maxLength(100))),
  cursor: z.optional(dealCursor),
});

export const backOfficeDeal = z.object({
  id: z.string(),
  accountNumber: z.string(),
  companyName: z.string(),
  businessName: z.string(),
  ownersName: z.string(),
  stage: z.number(),
  notes: z.string(),
  dealScore: z.number(),
  costOfEquipment: z.number(),
  downPayment: z.number(),
  lastUpdate: z.string(),
});

export type BackOfficeDeal = z.infer<typeof backOfficeDeal>;

export const backOfficeDealList = z.object({ deals: z.array(backOfficeDeal), nextCursor: z.nullable(z.string()) });

export const dealHistoryEntry = z.object({ field: z.string(), from: z.string(), to: z.string(), at: z.string(), actor: z.string() });

export const backOfficeDealDetail = z.object({
  deal: z.extend(backOfficeDeal, {
    businessPhone: z.string(),
    businessEmail: z.string(),
    description: z.string(),
    vendorEmail: z.string(),
    declinedReceivedOn: z.nullable(z.string()),
    declinedCompletedOn: z.nullable(z.string()),
    declinedNoticeSentOn: z.nullable(z.string()),
  }),
  client: z.nullable(z.object({ customerNumber: z.number(), firstName: z.string(), lastName: z.string(), taxIdMasked: z.nullable(z.string()), hasDateOfBirth: z.boolean() })),
  history: z.array(dealHistoryEntry),
});

export type BackOfficeDealDetail = z.infer<typeof backOfficeDealDetail>;

const optionalDate = z.optional(z.nullable(calendarDay("Use a date.")));

/** What staff may change on a deal (decisions.md 6); every change is kept in its history. */
export const dealUpdateRequest = z.object({
  stage: z.optional(z.literal(stageValues)),
  notes: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(500))),
  dealScore: z.optional(z.int().check(z.minimum(0), z.maximum(3))),
  costOfEquipment: z.optional(z.number().check(z.minimum(0), z.maximum(999_999_999_999))),
  downPayment: z.optional(z.number().check(z.minimum(0), z.maximum(999_999_999_999))),
  /** ECOA adverse-action timeline for declined deals. */
  declinedReceivedOn: optionalDate,
  declinedCompletedOn: optionalDate,
  declinedNoticeSentOn: optionalDate,
});

export type DealUpdate = z.infer<typeof dealUpdateRequest>;
