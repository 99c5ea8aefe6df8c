import type { LandingQuoteResponse } from "#domain/pricing/quote-requests.ts";

/** What /FinancingOptions shows; kept for the tab's life so a reload keeps it (docs/product-rules.md#r49-routes-and-pages). */
export type FinancingOptionsData = {
  answerId: string;
  businessName: string;
  nameEquipment: string;
  costEq: number;
  desiredmonth: number;
  quote: LandingQuoteResponse;
};

const key = "financing-options";

export function saveFinancingOptions(data: FinancingOptionsData): void {
  try {
    window.sessionStorage.setItem(key, JSON.stringify(data));
  } catch {
    // Storage blocked: the screen still works until the next reload.
  }
}

export function loadFinancingOptions(): FinancingOptionsData | null {
  try {
    const raw = window.sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as FinancingOptionsData) : null;
  } catch {
    return null;
  }
}
