import * as z from "zod/mini";
import { formatUsd } from "../pricing/money-format.ts";
import { formatBusinessDateTime, formatCalendarDate } from "../site/business-time.ts";

/**
 * The building blocks of a lead kind's page (each kind's own module, `domain/leads/kinds/*.ts`,
 * lists its fields with them): a field's value shape, its readable label and how it is written.
 * SSN, tax id and date of birth are never among a kind's fields (docs/product-rules.md#r5-sensitive-numbers): a credit
 * application's numbers come masked, beside them.
 */

export const text = z.string();
export const optionalText = z.nullable(z.string());
export const amount = z.number();
export const flag = z.boolean();
export const count = z.number();

/** How a value is written: money in dollars, a date or instant in the business time zone, yes/no, ... */
export type FieldFormat = "text" | "money" | "percent" | "months" | "yesNo" | "date" | "dateTime";
export type FieldSpec = { label: string; format?: FieldFormat };

/** One field a lead's page shows: the shape of its value, its label and how the value is written. */
export function field<Schema extends z.ZodMiniType>(
  schema: Schema,
  label: string,
  format?: FieldFormat,
): { schema: Schema; spec: FieldSpec } {
  return { schema, spec: format ? { label, format } : { label } };
}

type Fields = Record<string, { schema: z.ZodMiniType; spec: FieldSpec }>;

/**
 * A kind's fields in the order its page lists them: `schema`, the shape the lead detail contract
 * answers (`domain/leads/back-office-contracts.ts`), and `labels`, the page's label and format of
 * each. Both come from the one list, so a field cannot be shown without a label.
 */
export function leadFields<const Kind extends Fields>(fields: Kind) {
  const shape = {} as { [Key in keyof Kind]: Kind[Key]["schema"] };
  const labels = {} as { [Key in keyof Kind]: FieldSpec };
  for (const key of Object.keys(fields) as (keyof Kind)[]) {
    shape[key] = fields[key]!.schema;
    labels[key] = fields[key]!.spec;
  }
  return { schema: z.object(shape), labels };
}

type KindValues<Kind extends { schema: z.ZodMiniType }> = z.output<Kind["schema"]>;

/**
 * A lead's field values in its kind's order: each read from the stored `row` under its own name,
 * unless `derived` gives it (a code in words, a masked number, a value of a joined row). So a field
 * added to a kind's list is read from the row's column of the same name with no other edit, and
 * one the row has no column for does not compile until it is derived.
 */
export function fieldValues<
  Kind extends { schema: z.ZodMiniType; labels: Record<string, FieldSpec> },
  Derived extends Partial<KindValues<Kind>>,
>(kind: Kind, row: Omit<KindValues<Kind>, keyof Derived>, derived: Derived): KindValues<Kind> {
  const source: Record<string, unknown> = { ...row, ...derived };
  return Object.fromEntries(Object.keys(kind.labels).map((key) => [key, source[key]])) as KindValues<Kind>;
}

/** What the credit team's mail about a new lead says; `server/mail/mail-templates.ts` lays it out. */
export type NewLeadMail = { subject: string; paragraphs: string[] };

/** The label of a stored answer among the options its form offered; an unknown value as it is. */
export function optionLabel(options: readonly { value: string; label: string }[], value: string | number): string {
  return options.find((option) => option.value === String(value))?.label ?? String(value);
}

/** A lead history entry's field, as the page names it. */
export const leadHistoryFields = ["status", "assignee", "notes", "completedOn"] as const;
export type LeadHistoryField = (typeof leadHistoryFields)[number];
export const leadHistoryFieldLabels: Record<LeadHistoryField, string> = {
  status: "status",
  assignee: "assignee",
  notes: "notes",
  completedOn: "application complete",
};

/** The labels of the flags that are set, in order: { clickedNew: true, clicksleeperButton: true } -> "New, Sleeper". */
export function flagsAsText(flags: Record<string, boolean>, labels: Record<string, string>): string {
  return Object.keys(labels)
    .filter((key) => flags[key])
    .map((key) => labels[key])
    .join(", ");
}

/** A field's value as the back office writes it; an empty or missing value is "—". */
export function formatLeadField(
  value: string | number | boolean | null | undefined,
  format: FieldFormat = "text",
  timeZone: string,
): string {
  if (value === null || value === undefined || value === "") return "—";
  switch (format) {
    case "money":
      return formatUsd(Number(value));
    case "percent":
      return `${value}%`;
    case "months":
      return `${value} months`;
    case "yesNo":
      return value ? "Yes" : "No";
    case "date":
      return formatCalendarDate(String(value));
    case "dateTime":
      return formatBusinessDateTime(new Date(String(value)), timeZone);
    default:
      return String(value);
  }
}

/**
 * Shortens a text for a list at a word boundary, with an ellipsis; a single word longer than `max`
 * is cut. The whole text is on the lead's page.
 */
export function shortenAtWord(value: string, max: number): string {
  const flat = value.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:–-]+$/, "")}…`;
}
