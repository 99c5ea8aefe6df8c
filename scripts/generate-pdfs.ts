// Writes the two PDFs the site links to (decisions.md 1): the printable credit application and
// the vendor handbook, into public/pdf/ before the build copies public/ to build/client/.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { resolveBrand } from "../domain/site/public-config.ts";
import { textPdf } from "../server/modules/pdf/text-pdf.ts";

const brand = resolveBrand(process.env);
const outDir = path.resolve("public/pdf");
await mkdir(outDir, { recursive: true });

const line = (label: string) => `${label}: ______________________________________________`;

const creditApplication = textPdf(`${brand.name} - Credit Application`, [
  `${brand.legalName} · ${brand.streetAddress}, ${brand.cityStateZip} · ${brand.phone} · ${brand.email}`,
  "",
  "BUSINESS INFORMATION",
  line("Business name"), line("Federal tax ID (EIN)"), line("Business address"), line("City, State, ZIP"),
  line("Business phone"), line("Business e-mail"), line("Contact person"), line("Annual gross revenue"), line("Date business started"),
  "",
  "OWNER INFORMATION",
  line("Owner name"), line("Title"), line("Ownership (%)"), line("Social Security number"), line("Home address"),
  line("City, State, ZIP"), line("Phone"), line("E-mail"),
  "",
  "SECOND OWNER (if any)",
  line("Owner name"), line("Title"), line("Ownership (%)"), line("Social Security number"), line("Home address"),
  line("City, State, ZIP"), line("Phone"), line("E-mail"),
  "",
  "VENDOR AND EQUIPMENT",
  line("Vendor name"), line("Cost of equipment"), line("Equipment description"), line("Vendor contact name"), line("Vendor phone"), line("Vendor e-mail"),
  "",
  `I certify that the information in this application is true and complete, and I authorize ${brand.name}`,
  "and its lending partners to obtain credit reports and verify it.",
  "",
  line("Signature"), line("Date"),
  "",
  "Please do not send this form by unencrypted e-mail. The online application at /ApplyNow encrypts",
  "Social Security numbers and tax IDs. Financing dependent on credit parameters.",
]);

const handbook = textPdf(`${brand.name} - Vendor Handbook`, [
  "WELCOME",
  `This handbook explains how equipment dealers and distributors work with ${brand.name}.`,
  "",
  "1. THE VENDOR PORTAL",
  "Sign in at /VendorLogin. Submit a new client with the New Client button: client information first,",
  "then documents (a client information sheet is required; two more slots are optional).",
  "Follow each deal by stage: App In, Approval, Docs Out, Docs In, Funded.",
  "",
  "2. WHAT WE FUND",
  "A, B, C and D credit clients and some start-ups; 100% financing and pre-funding on approved deals.",
  `Industries: construction, medical, hardware, software, restaurant, transportation.`,
  "",
  "3. EARNINGS",
  "A 3-tier earnings system by sales volume. Ask your account manager for the current tiers.",
  "",
  "4. TIMING",
  "We reach out to a new client within 30-60 minutes of a portal submission during business hours.",
  `Credit is online until 3 pm (${brand.timeZone}); later submissions are reviewed the next business day.`,
  "",
  "5. MESSAGES",
  "Use Reply on a deal to write to the credit team; answers appear on the deal and by e-mail.",
  "",
  "6. CONTACT",
  `${brand.phone} · ${brand.email} · ${brand.streetAddress}, ${brand.cityStateZip}`,
]);

await writeFile(path.join(outDir, path.basename(brand.creditApplicationPdf)), creditApplication);
await writeFile(path.join(outDir, path.basename(brand.vendorHandbookPdf)), handbook);
