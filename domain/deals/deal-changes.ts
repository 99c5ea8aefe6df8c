import { formatUsd } from "../pricing/money-format.ts";
import { dealFieldLabels } from "./deal-field-labels.ts";
import { creditTierLabel, stageLabel } from "./stages.ts";

/** The deal fields the vendor sees (portal list and deal page); a change to any of them is mailed (docs/product-rules.md#r13-changes-are-kept-and-mailed). */
export const vendorVisibleDealFields = [
  "stage",
  "notes",
  "dealScore",
  "costOfEquipment",
  "downPayment",
  "approvedAmount",
] as const;
export type VendorVisibleDealField = (typeof vendorVisibleDealFields)[number];

/** docs/product-rules.md#r10-estimates-are-labelled: every figure outside the calculator is estimated and carries this line. */
export const financingDisclaimer = "Financing dependent on credit parameters.";

export function isVendorVisibleDealField(field: string): field is VendorVisibleDealField {
  return (vendorVisibleDealFields as readonly string[]).includes(field);
}

/** A stored figure ("" = none) as dollars, labelled estimated. */
function figure(value: string): string {
  return value === "" ? "none" : `${formatUsd(Number(value))} (estimated)`;
}

/**
 * One line of the vendor's mail for one changed field, old -> new, as stored in the deal's history
 * (strings; "" for no value). A lower approved amount says so plainly.
 */
export function describeDealChange(field: VendorVisibleDealField, from: string, to: string): string {
  switch (field) {
    case "stage":
      return `Stage changed from ${stageLabel(Number(from))} to ${stageLabel(Number(to))}.`;
    case "notes":
      return `Note from the credit team changed from “${from}” to “${to}”.`;
    case "dealScore":
      return `${dealFieldLabels.dealScore} changed from ${creditTierLabel(from)} to ${creditTierLabel(to)}.`;
    case "costOfEquipment":
    case "downPayment":
      return `${dealFieldLabels[field]} changed from ${figure(from)} to ${figure(to)}.`;
    case "approvedAmount": {
      if (from === "") return `Approved amount set to ${figure(to)}.`;
      if (to === "") return `Approved amount withdrawn; it was ${figure(from)}.`;
      const direction = Number(to) < Number(from) ? "lowered" : "raised";
      return `Approved amount ${direction} from ${formatUsd(Number(from))} to ${formatUsd(Number(to))} (estimated).`;
    }
  }
}
