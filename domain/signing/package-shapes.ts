// The shapes of an agreement package that the server, the signer's ceremony and the staff's screens
// share (docs/product-rules.md#r57-documents-and-e-signature).

/** The documents a package can hold, in the order they are signed. */
export const agreementDocumentKinds = [
  "equipment-finance-agreement",
  "lease-agreement",
  "personal-guaranty",
  "delivery-and-acceptance",
  "ach-debit-authorization",
] as const;
export type AgreementDocumentKind = (typeof agreementDocumentKinds)[number];

export const agreementDocumentLabels: Record<AgreementDocumentKind, string> = {
  "equipment-finance-agreement": "Equipment finance agreement",
  "lease-agreement": "Lease agreement",
  "personal-guaranty": "Personal guaranty",
  "delivery-and-acceptance": "Delivery and acceptance certificate",
  "ach-debit-authorization": "ACH debit authorization",
};

/** One line of a laid-out page, as the PDF shows it: the ceremony renders the same lines as HTML. */
export type PageLine = {
  style: "title" | "heading" | "body" | "bold" | "small" | "table-header" | "table-row";
  /** A table row's cells; a text line has one. */
  cells: string[];
};

/** A page of a generated document (1-based number), its lines top to bottom. */
export type DocumentPage = { number: number; lines: PageLine[] };

/**
 * A place the signer fills on a page, in PDF points from the page's bottom-left corner (US Letter,
 * 612 x 792). Every field is required: a document is signed when its signer adopts a signature.
 */
export type SigningField = {
  /** Stable within the document, e.g. "signature", "initials-p2", "date". */
  id: string;
  kind: "signature" | "initials" | "date" | "name";
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
};

/** How a signer adopted a signature: typed (rendered in a script font) or drawn (a PNG). */
export type AdoptedSignature = {
  /** The signer's full name as they typed it. */
  name: string;
  initials: string;
  kind: "typed" | "drawn";
  /** A drawn signature: PNG bytes, base64, no data: prefix. */
  drawnPng?: string;
  /** A drawn set of initials (optional; typed initials in the script font otherwise). */
  drawnInitialsPng?: string;
};

/**
 * What a package is filled from (read by the server from the chosen approval, the deal, its client,
 * the vendor and the signers), before any template is applied. Money in integer cents; dates as
 * "YYYY-MM-DD".
 */
export type PackageFacts = {
  lender: { name: string; address: string; phone: string; email: string; accentColor: string };
  deal: { accountNumber: string; program: string };
  business: { name: string; address: string; phone: string; email: string };
  vendor: { name: string; address: string } | null;
  equipment: { description: string; costCents: number };
  approval: {
    amountCents: number;
    termMonths: number | null;
    paymentCents: number | null;
    rateBasisPoints: number | null;
    downPaymentCents: number;
    feesCents: number;
    expiresOn: string;
    /** A lease program: the package holds a lease agreement instead of a finance agreement. */
    lease: boolean;
  };
  /** The business's signer. */
  businessSigner: { name: string; title: string; email: string };
  /** The one this document is for: a personal guaranty's guarantor (else the business's signer). */
  guarantor: { name: string; email: string } | null;
  /** The package's date (its generation). */
  date: string;
};
