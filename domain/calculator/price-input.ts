import { formatAmount, parseMoney } from "../pricing/money-format.ts";

/** Up to 12 integer digits (docs/product-rules.md#r52-forms-check-what-the-spec-checks). */
export const priceIntegerDigits = 12;

/** Formats a price as it is typed: letters stripped, thousands commas, at most two decimals. */
export function formatPriceAsTyped(raw: string): string {
  const cleaned = raw.replace(/[^\d.]/g, "");
  const dot = cleaned.indexOf(".");
  const integer = (dot === -1 ? cleaned : cleaned.slice(0, dot)).replace(/^0+(?=\d)/, "").slice(0, priceIntegerDigits);
  const withCommas = integer.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  if (dot === -1) return withCommas;
  return `${withCommas || "0"}.${cleaned
    .slice(dot + 1)
    .replace(/\./g, "")
    .slice(0, 2)}`;
}

/** On leaving the field: always two decimals (120,000 -> 120,000.00). */
export function finishPrice(text: string): string {
  const amount = parseMoney(text);
  return amount === undefined ? text : formatAmount(amount);
}
