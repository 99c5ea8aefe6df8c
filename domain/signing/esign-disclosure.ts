import type { Brand } from "../site/brand.ts";

// The consumer disclosure the ESIGN Act asks for before electronic records are used
// (15 U.S.C. 7001(c); docs/product-rules.md#r57-documents-and-e-signature), written once: the
// ceremony shows it and a test reads it. Counsel may change the wording here.

export type DisclosureSection = { heading: string; paragraphs: string[] };

/** The lender's contact details the disclosure names (the brand's configuration). */
export type DisclosureLender = Pick<Brand, "name" | "legalName" | "phone" | "email" | "streetAddress" | "cityStateZip">;

/** The disclosure's sections, in the lender's name. */
export function esignDisclosure(lender: DisclosureLender): DisclosureSection[] {
  const mailAddress = `${lender.legalName}, ${lender.streetAddress}, ${lender.cityStateZip}`;
  return [
    {
      heading: "Electronic records and signatures",
      paragraphs: [
        `${lender.name} asks you to receive, review and sign your financing documents electronically. Before you do, read this disclosure. It applies to the documents in this package and to the notices and copies we send you about them.`,
        "You do not have to agree. If you do not, or if you later withdraw your agreement, we will give you the documents on paper instead.",
      ],
    },
    {
      heading: "What you need",
      paragraphs: [
        "A current version of a web browser such as Chrome, Edge, Firefox or Safari, on a computer, tablet or phone, with JavaScript and cookies turned on.",
        "A program that opens PDF files (most browsers and phones have one built in), so that you can read, save and print copies of your documents.",
        "An e-mail account that you can open: we send the code that lets you sign, and the signed copies, to that address.",
        "We will tell you if these needs change in a way that could stop you from opening or keeping your documents, and you may then withdraw your agreement at no charge.",
      ],
    },
    {
      heading: "Paper copies",
      paragraphs: [
        `You have the right to receive a paper copy of any document in this package, at no charge. To ask for one, call us at ${lender.phone}, write to ${lender.email}, or send a letter to ${mailAddress}.`,
        'You can also download each document as a PDF from this page ("Download PDF") and print it, before and after you sign.',
      ],
    },
    {
      heading: "Withdrawing your agreement",
      paragraphs: [
        `You may withdraw your agreement to electronic records and signatures at any time before you sign, at no charge, by choosing "Decline to sign" on this page and saying so, or by calling us at ${lender.phone} or writing to ${lender.email}.`,
        "Withdrawing ends the electronic signing of this package for everyone. There is no fee and no penalty: your finance specialist will send you the documents on paper to sign instead, which may take longer. Documents you already signed electronically stay valid.",
      ],
    },
    {
      heading: "Keeping your contact details up to date",
      paragraphs: [
        `If your e-mail address or other contact details change, tell us by calling ${lender.phone} or writing to ${lender.email}, so that your copies and notices reach you.`,
      ],
    },
  ];
}

/** What the signer checks to consent, word for word as recorded. */
export const esignConsentStatement = "I have read the disclosure and agree to use electronic records and signatures.";

/** Shown above each document's sign button. */
export const signingIntentStatement = (documentTitle: string) =>
  `By selecting Sign, I adopt the signature and initials shown as my electronic signature and intend to sign ${documentTitle}.`;
