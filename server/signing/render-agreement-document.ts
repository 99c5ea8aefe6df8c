import { mergeValues } from "#domain/signing/merge-fields.ts";
import {
  agreementDocumentLabels,
  type AgreementDocumentKind,
  type DocumentPage,
  type PackageFacts,
  type SigningField,
} from "#domain/signing/package-shapes.ts";
import { layOutPdfDocument, type PdfBlock, type PdfFieldSpec } from "../shared/pdf/write-document.ts";

/** The information entry that carries the record's id (a document's or a package's): readSealedPdf finds it. */
export const recordIdInfoKey = "RecordId";

export type AgreementDocumentInput = {
  kind: AgreementDocumentKind;
  title: string;
  /** The template's body with its merge fields filled (fillTemplate). */
  body: string;
  facts: PackageFacts;
  /** The document's record id, carried in the file's metadata. */
  documentId: string;
  createdAt: Date;
};

export type RenderedAgreementDocument = { pdf: Uint8Array; pages: DocumentPage[]; fields: SigningField[] };

/** The body's blocks: paragraphs separated by a blank line, a line starting with "## " a heading. */
export function bodyBlocks(body: string): PdfBlock[] {
  const blocks: PdfBlock[] = [];
  for (const chunk of body.replace(/\r\n?/g, "\n").split(/\n[ \t]*\n/)) {
    let paragraph: string[] = [];
    const flush = () => {
      if (paragraph.length) blocks.push({ kind: "paragraph", text: paragraph.join("\n") });
      paragraph = [];
    };
    for (const line of chunk.split("\n")) {
      if (line.startsWith("## ")) {
        flush();
        if (line.slice(3).trim()) blocks.push({ kind: "heading", text: line.slice(3).trim() });
      } else if (line.trim()) paragraph.push(line.trim());
    }
    flush();
  }
  return blocks;
}

/** The approval's terms as the first page's table: those the document is about. */
function termRows(kind: AgreementDocumentKind, facts: PackageFacts): string[][] {
  const values = mergeValues(facts);
  const { approval } = facts;
  const amount = [approval.lease ? "Lease amount" : "Amount financed", values["approval.amount"]];
  const payment =
    approval.paymentCents === null
      ? []
      : [[approval.lease ? "Monthly rent" : "Monthly payment", values["approval.payment"]]];
  const term = approval.termMonths === null ? [] : [["Term", values["approval.term"]]];
  const equipment = [
    ["Equipment", values["equipment.description"]],
    ["Equipment cost", values["equipment.cost"]],
    ...(facts.vendor ? [["Vendor", facts.vendor.name]] : []),
  ];
  if (kind === "delivery-and-acceptance") return [...equipment, amount];
  if (kind === "ach-debit-authorization")
    return [...payment, ...term, ["Fees, with the first payment", values["approval.fees"]]];
  const rate = approval.rateBasisPoints === null || approval.lease ? [] : [["Annual rate", values["approval.rate"]]];
  return [
    amount,
    ...term,
    ...payment,
    ...rate,
    ["Down payment", values["approval.downPayment"]],
    ["Fees", values["approval.fees"]],
    ...equipment,
  ];
}

/** Who signs the document, and the block they sign in (the title is printed, not filled). */
function signatureBlock(kind: AgreementDocumentKind, facts: PackageFacts): PdfBlock[] {
  const signature: PdfFieldSpec = { id: "signature", label: "Signature", height: 36, weight: 2 };
  const date: PdfFieldSpec = { id: "date", label: "Date", weight: 1 };
  const name: PdfFieldSpec = { id: "name", label: "Name", weight: 2 };
  if (kind === "personal-guaranty")
    return [
      {
        kind: "fields",
        caption: `GUARANTOR, individually: ${facts.guarantor?.name ?? ""}`.trim(),
        rows: [
          [signature, date],
          [name, { id: "email", label: "E-mail", value: facts.guarantor?.email ?? "" }],
        ],
      },
    ];
  const party =
    kind === "equipment-finance-agreement" ? "BORROWER" : kind === "lease-agreement" ? "LESSEE" : "CUSTOMER";
  const byLender: PdfBlock[] =
    kind === "equipment-finance-agreement" || kind === "lease-agreement"
      ? [
          {
            kind: "small-print",
            text: `${kind === "lease-agreement" ? "LESSOR" : "LENDER"}: ${facts.lender.name} accepts this ${kind === "lease-agreement" ? "Lease" : "Agreement"} by its electronic seal, applied once every party has signed.`,
          },
        ]
      : [];
  return [
    ...byLender,
    {
      kind: "fields",
      caption: `${party}: ${facts.business.name}`,
      rows: [
        [signature, date],
        [name, { id: "title", label: "Title", value: facts.businessSigner.title }],
      ],
    },
  ];
}

const fieldKind = (id: string): SigningField["kind"] =>
  id.startsWith("initials-") ? "initials" : id === "signature" ? "signature" : id === "date" ? "date" : "name";

/**
 * One document of a package as a PDF in the lender's colors (US Letter): the lender and the account
 * in every header, the title and "Page n of m" in every footer, the approval's terms on the first
 * page, the body's headings and paragraphs, and the signer's block on the last page; an initials
 * field at the foot of every page of an agreement or a lease. `pages` holds the lines the PDF
 * shows, `fields` where the signer fills in, in PDF points. The document's id is in the file's
 * information dictionary (RecordId) and its keywords.
 */
export async function renderAgreementDocument(input: AgreementDocumentInput): Promise<RenderedAgreementDocument> {
  const { facts } = input;
  const values = mergeValues(facts);
  const initialled = input.kind === "equipment-finance-agreement" || input.kind === "lease-agreement";
  const layout = await layOutPdfDocument({
    title: input.title,
    author: facts.lender.name,
    subject: `${agreementDocumentLabels[input.kind]}, account ${facts.deal.accountNumber}`,
    keywords: [`record:${input.documentId}`, `account:${facts.deal.accountNumber}`],
    infoEntries: { [recordIdInfoKey]: input.documentId },
    accentColor: facts.lender.accentColor,
    createdAt: input.createdAt,
    header: { left: facts.lender.name, right: `Account ${facts.deal.accountNumber}` },
    footerLeft: input.title,
    pageFields: initialled ? [{ id: "initials", label: "Initials", width: 70, height: 22 }] : [],
    blocks: [
      { kind: "title", text: input.title },
      { kind: "small-print", text: `Prepared on ${values.date} for ${facts.business.name}` },
      { kind: "heading", text: "Summary of terms" },
      { kind: "table", rows: termRows(input.kind, facts), widths: [1, 2.4] },
      ...bodyBlocks(input.body),
      { kind: "space", points: 10 },
      ...signatureBlock(input.kind, facts),
    ],
  });
  return {
    pdf: layout.bytes,
    pages: layout.pages,
    fields: layout.fields.map((field) => ({ ...field, kind: fieldKind(field.id) })),
  };
}
