// Writes the two PDFs the site links to (docs/product-rules.md#r48-one-brand-configuration): the printable credit
// application and
// the vendor handbook, into public/pdf/ before the build copies public/ to build/client/.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { resolveBrand } from "../../domain/site/public-config.ts";
import { writePdfDocument, type PdfBlock } from "../../server/shared/pdf/write-document.ts";

const brand = resolveBrand(process.env);
const outDir = path.resolve("public/pdf");
await mkdir(outDir, { recursive: true });

const contact = `${brand.legalName} · ${brand.streetAddress}, ${brand.cityStateZip} · ${brand.phone} · ${brand.email}`;
/** A section of the printable form: its heading, then one ruled line to write on per field. */
const fields = (heading: string, labels: string[]): PdfBlock[] => [
  { kind: "heading", text: heading },
  { kind: "table", rows: labels.map((label) => [label, ""]), widths: [2, 3] },
];
const owner = ["Owner name", "Title", "Ownership (%)", "Social Security number", "Home address", "City, State, ZIP", "Phone", "E-mail"];

const creditApplication = await writePdfDocument({
  title: `${brand.name} - Credit Application`,
  author: brand.legalName,
  blocks: [
    { kind: "title", text: `${brand.name} - Credit Application` },
    { kind: "small-print", text: contact },
    ...fields("BUSINESS INFORMATION", [
      "Business name",
      "Federal tax ID (EIN)",
      "Business address",
      "City, State, ZIP",
      "Business phone",
      "Business e-mail",
      "Contact person",
      "Annual gross revenue",
      "Date business started",
    ]),
    ...fields("OWNER INFORMATION", owner),
    ...fields("SECOND OWNER (if any)", owner),
    ...fields("VENDOR AND EQUIPMENT", ["Vendor name", "Cost of equipment", "Equipment description", "Vendor contact name", "Vendor phone", "Vendor e-mail"]),
    { kind: "space", points: 8 },
    {
      kind: "paragraph",
      text: `I certify that the information in this application is true and complete, and I authorize ${brand.name} and its lending partners to obtain credit reports and verify it.`,
    },
    {
      kind: "table",
      rows: [
        ["Signature", ""],
        ["Date", ""],
      ],
      widths: [2, 3],
    },
    { kind: "space", points: 8 },
    {
      kind: "small-print",
      text: "Please do not send this form by unencrypted e-mail. The online application at /ApplyNow encrypts Social Security numbers and tax IDs. Financing dependent on credit parameters.",
    },
  ],
});

const handbook = await writePdfDocument({
  title: `${brand.name} - Vendor Handbook`,
  author: brand.legalName,
  blocks: [
    { kind: "title", text: `${brand.name} - Vendor Handbook` },
    { kind: "heading", text: "WELCOME" },
    { kind: "paragraph", text: `This handbook explains how equipment dealers and distributors work with ${brand.name}.` },
    { kind: "heading", text: "1. THE VENDOR PORTAL" },
    {
      kind: "paragraph",
      text: "Sign in at /VendorLogin. Submit a new client with the New Client button: client information first, then documents (a client information sheet is required; two more slots are optional).",
    },
    { kind: "paragraph", text: "Follow each deal by stage: App In, Approval, Docs Out, Docs In, Funded." },
    { kind: "heading", text: "2. WHAT WE FUND" },
    { kind: "paragraph", text: "A, B, C and D credit clients and some start-ups; 100% financing and pre-funding on approved deals." },
    { kind: "paragraph", text: "Industries: construction, medical, hardware, software, restaurant, transportation." },
    { kind: "heading", text: "3. EARNINGS" },
    { kind: "paragraph", text: "A 3-tier earnings system by sales volume. Ask your account manager for the current tiers." },
    { kind: "heading", text: "4. TIMING" },
    { kind: "paragraph", text: "We reach out to a new client within 30-60 minutes of a portal submission during business hours." },
    { kind: "paragraph", text: `Credit is online until 3 pm (${brand.timeZone}); later submissions are reviewed the next business day.` },
    { kind: "heading", text: "5. MESSAGES" },
    { kind: "paragraph", text: "Use Reply on a deal to write to the credit team; answers appear on the deal and by e-mail." },
    { kind: "heading", text: "6. CONTACT" },
    { kind: "paragraph", text: `${brand.phone} · ${brand.email} · ${brand.streetAddress}, ${brand.cityStateZip}` },
  ],
});

await writeFile(path.join(outDir, path.basename(brand.creditApplicationPdf)), creditApplication);
await writeFile(path.join(outDir, path.basename(brand.vendorHandbookPdf)), handbook);
