import { layOutPdfDocument, type PdfBlock } from "../shared/pdf/write-document.ts";
import { recordIdInfoKey } from "./render-agreement-document.ts";

/** One signer's record of the ceremony, as the certificate prints it. */
export type CompletionCertificateSigner = {
  name: string;
  email: string;
  /** What they signed as: "For Lakeside Auto Body LLC (Managing Member)", "Guarantor". */
  role: string;
  ipAddress: string | null;
  userAgent: string | null;
  /** Consent to electronic records (ESIGN), the one-time code's verification, the first view of the documents. */
  consentedAt: Date | null;
  codeVerifiedAt: Date | null;
  firstViewedAt: Date | null;
  /** Each document they signed (its title) and when. */
  signatures: { document: string; signedAt: Date }[];
  /** The dealer's name when they signed in person at the dealer's, on its device; else null. */
  inPersonAt: string | null;
};

export type CompletionCertificateInput = {
  /** The id the file carries for a verifier (e.g. the package's: its certificate is the sealed file with no document). */
  recordId: string;
  packageId: string;
  accountNumber: string;
  businessName: string;
  lender: { name: string; accentColor: string };
  completedAt: Date;
  /** Every document of the package and the SHA-256 (hex) of its signed, sealed file. */
  documents: { title: string; sha256: string }[];
  signers: CompletionCertificateSigner[];
};

/** "2026-11-27 14:03:11 UTC" */
export const certificateTime = (at: Date | null) =>
  at ? `${at.toISOString().slice(0, 19).replace("T", " ")} UTC` : "not recorded";

function signerBlocks(signer: CompletionCertificateSigner): PdfBlock[] {
  return [
    { kind: "heading", text: `${signer.name}, ${signer.role}` },
    {
      kind: "table",
      widths: [1, 2.2],
      rows: [
        ["E-mail", signer.email],
        ["IP address", signer.ipAddress ?? "not recorded"],
        ["Browser (user agent)", signer.userAgent ?? "not recorded"],
        [
          "Where signed",
          signer.inPersonAt
            ? `Signed in person at ${signer.inPersonAt}, on its device`
            : "Remotely, through a link mailed to the signer",
        ],
        ["Consent to electronic records", certificateTime(signer.consentedAt)],
        ["E-mail code verified", certificateTime(signer.codeVerifiedAt)],
        ["Documents first viewed", certificateTime(signer.firstViewedAt)],
        ...signer.signatures.map(({ document, signedAt }) => [`Signed: ${document}`, certificateTime(signedAt)]),
      ],
    },
  ];
}

/**
 * The certificate of completion of a package: the package, each document with the SHA-256 of its
 * signed file, and each signer's record (e-mail, address, browser, consent, code, first view,
 * each signature, in person or not), times in UTC. The record id is in the file's metadata, as in
 * the documents.
 */
export async function renderCompletionCertificate(input: CompletionCertificateInput): Promise<Uint8Array> {
  const layout = await layOutPdfDocument({
    title: "Certificate of completion",
    author: input.lender.name,
    subject: `Electronic signature of the agreement package of account ${input.accountNumber}`,
    keywords: [`record:${input.recordId}`, `account:${input.accountNumber}`, `package:${input.packageId}`],
    infoEntries: { [recordIdInfoKey]: input.recordId },
    accentColor: input.lender.accentColor,
    createdAt: input.completedAt,
    header: { left: input.lender.name, right: `Account ${input.accountNumber}` },
    footerLeft: "Certificate of completion",
    blocks: [
      { kind: "title", text: "Certificate of completion" },
      {
        kind: "paragraph",
        text: `Every party signed the documents below electronically, after consenting to electronic records and proving control of their e-mail address with a one-time code. ${input.lender.name} sealed each signed file and this certificate with its digital signature: a change to any of them breaks the seal. A file's SHA-256 identifies it exactly. Times are in UTC.`,
      },
      { kind: "heading", text: "Package" },
      {
        kind: "table",
        widths: [1, 2.2],
        rows: [
          ["Account number", input.accountNumber],
          ["Business", input.businessName],
          ["Lender", input.lender.name],
          ["Completed", certificateTime(input.completedAt)],
          ["Package id", input.packageId],
        ],
      },
      { kind: "heading", text: "Documents" },
      {
        kind: "table",
        columns: ["Document", "SHA-256 of the signed file"],
        widths: [1, 2.2],
        rows: input.documents.map((document) => [document.title, document.sha256]),
      },
      { kind: "heading", text: "Signers" },
      ...input.signers.flatMap(signerBlocks),
    ],
  });
  return layout.bytes;
}
