import { financingDisclaimer } from "#domain/deals/deal-changes.ts";
import { creditTiers } from "#domain/deals/stages.ts";
import { formatUsd } from "#domain/pricing/money-format.ts";
import type { VendorQuotePricing } from "#domain/pricing/vendor-quote-pricing.ts";
import { writePdfDocument } from "../shared/pdf/write-document.ts";

export type QuotePdfInput = {
  companyName: string;
  product: string;
  customerName: string;
  price: number;
  pricing: VendorQuotePricing;
  /** Whether the vendor chose the tier (else it is the best one). */
  tierChosen: boolean;
  validUntil: string;
  accentColor?: string;
  sentAt: Date;
};

/** The customer's quote: US Letter, in the vendor's name and colour, every figure labelled estimated. */
export function writeQuotePdf(input: QuotePdfInput): Promise<Buffer> {
  const { pricing } = input;
  const tier = creditTiers[pricing.tier];
  return writePdfDocument({
    title: `Estimated financing quote from ${input.companyName}`,
    author: input.product,
    subject: `Estimated payments for ${input.customerName}`,
    accentColor: input.accentColor,
    createdAt: input.sentAt,
    blocks: [
      { kind: "title", text: `${input.companyName}: estimated financing quote` },
      {
        kind: "paragraph",
        text: `Prepared for ${input.customerName}, financing by ${input.product}. Valid until ${input.validUntil}.`,
      },
      { kind: "space", points: 6 },
      {
        kind: "table",
        rows: [
          ["Equipment price", `${formatUsd(input.price)} (estimated)`],
          ["Credit tier", input.tierChosen ? `${tier} (estimated)` : `${tier}, the best tier (estimated)`],
          ["Annual rate", `from ${pricing.annualRate}% (estimated)`],
          ["Down payment", `${formatUsd(pricing.downPaymentAmount)}, ${pricing.downPaymentPercent}% (estimated)`],
        ],
        widths: [0.4, 0.6],
      },
      { kind: "heading", text: "Estimated monthly payments" },
      {
        kind: "table",
        columns: ["Term", "Estimated monthly payment"],
        rows: pricing.terms.map((entry) => [
          `${entry.term} months`,
          `${formatUsd(entry.payment)} per month (estimated)`,
        ]),
        widths: [0.4, 0.6],
      },
      {
        kind: "paragraph",
        text: "Apply with the link in the e-mail this quote came with: your details are filled in and the application reaches us with this quote.",
      },
      { kind: "small-print", text: `Every figure is estimated. ${financingDisclaimer}` },
    ],
  });
}
