import { formatUsd } from "../pricing/money-format.ts";
import { creditTierLabel, stageLabel } from "./stages.ts";

/** The deal's tracked fields as the form, both histories and the vendor's mail name them. */
export const dealFieldLabels = {
  stage: "Stage",
  notes: "Notes",
  dealScore: "Credit tier",
  costOfEquipment: "Cost of equipment",
  downPayment: "Down payment",
  approvedAmount: "Approved amount",
  declinedReceivedOn: "Application received",
  declinedCompletedOn: "Application complete",
  declinedNoticeSentOn: "Notice sent",
  documents: "Documents",
  /** The deal's funding paid by ACH, or returned (docs/product-rules.md#r60-payout-batches). */
  payout: "Payout",
} as const;

export type DealField = keyof typeof dealFieldLabels;

const moneyFields = new Set<string>(["costOfEquipment", "downPayment", "approvedAmount"]);

/** A field's label; an unknown (older) field name is shown as stored. */
export function dealFieldLabel(field: string): string {
  return (dealFieldLabels as Record<string, string>)[field] ?? field;
}

/** A stored history value ("" = none) as a person reads it: the stage's and tier's labels, dollars, "—". */
export function dealValueText(field: string, value: string): string {
  if (field === "dealScore") return creditTierLabel(value === "" ? 0 : value);
  if (value === "") return "—";
  if (field === "stage") return stageLabel(Number(value));
  if (moneyFields.has(field)) return formatUsd(Number(value));
  return value;
}

/** Who a history entry names when the product moved the deal itself: every stip in (older entries name nobody). */
export const automaticActor = "Automatically, every stip in,";
/** Who a history entry names when the last signature moved the deal (docs/product-rules.md#r57-documents-and-e-signature). */
export const signedActor = "Automatically, every document signed,";
