import { MAX_AMOUNT } from "../pricing/quote-inputs.ts";
import { finishPrice } from "./price-input.ts";

/**
 * The calculator's price field from a link's `?price=<dollars>` (the dealer widget opens
 * /vendor_partner/<slug>?price=45000): "45,000.00", or null when the parameter is not a price.
 */
export function priceFromLink(search: string): string | null {
  const raw = new URLSearchParams(search).get("price");
  if (raw === null || !/^\d{1,12}(\.\d{1,2})?$/.test(raw)) return null;
  const amount = Number(raw);
  return amount > 0 && amount <= MAX_AMOUNT ? finishPrice(raw) : null;
}
