import { financingDisclaimer } from "#domain/deals/deal-changes.ts";
import { formatUsd } from "#domain/pricing/money-format.ts";
import type { VendorQuotePricing } from "#domain/pricing/vendor-quote-pricing.ts";
import type { OutgoingMail } from "../mail/enqueue-mail.ts";
import { simpleMail } from "../mail/mail-templates.ts";

/** The agreed address of a vendor's co-branded credit application, pre-filled by a quote's token. */
export function quoteApplyUrl(publicUrl: string, vendorSlug: string, token: string): string {
  return `${publicUrl}/vendor_partner/${encodeURIComponent(vendorSlug)}/apply#quote=${token}`;
}

export function quoteMail(input: {
  to: string;
  customerName: string;
  companyName: string;
  price: number;
  pricing: VendorQuotePricing;
  applyUrl: string;
  validUntil: string;
  product: string;
  pdf: Buffer;
}): OutgoingMail {
  const mail = simpleMail({
    to: input.to,
    subject: `Your estimated financing quote from ${input.companyName}`,
    paragraphs: [
      `Hello ${input.customerName},`,
      `${input.companyName} prepared an estimated financing quote for equipment priced at ${formatUsd(input.price)} (estimated).`,
      `Estimated monthly payments: ${input.pricing.terms.map((entry) => `${entry.term} months ${formatUsd(entry.payment)}`).join(", ")} (estimated).`,
      `Every figure is estimated. ${financingDisclaimer}`,
      `The quote is attached as a PDF. The link below opens a credit application with your name and e-mail filled in, until ${input.validUntil}.`,
    ],
    action: { label: "Apply with this quote", url: input.applyUrl },
    product: input.product,
  });
  return {
    ...mail,
    attachments: [
      { filename: "estimated-quote.pdf", contentType: "application/pdf", contentBase64: input.pdf.toString("base64") },
    ],
  };
}
