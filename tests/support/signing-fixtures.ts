import { createHash, randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { asc, eq, inArray } from "drizzle-orm";
import { PDFDocument, StandardFonts } from "pdf-lib";
import type { AgreementDocumentKind, DocumentPage, SigningField } from "../../domain/signing/package-shapes.ts";
import type { Database, DatabaseHandle } from "../../server/db/client.ts";
import { user } from "../../server/auth/tables.ts";
import { deal } from "../../server/deals/tables.ts";
import type { FileStorage } from "../../server/shared/storage/file-storage.ts";
import { newLinkToken, sha256Hex } from "../../server/shared/crypto/link-token.ts";
import { signerCookie } from "../../server/signing/signer-cookie.ts";
import { signingDocument, signingLink, signingPackage, signingSigner } from "../../server/signing/tables.ts";
import { testOrigin } from "./test-server.ts";

// A package out for signature, inserted directly while generating and sending are being written:
// the suites of the signer's side start from one. Its signature stays when its body becomes the real
// generate-and-send.

export type SeedSigner = { name: string; email: string; signsForBusiness: boolean; guarantor: boolean; title?: string };

export type SeededSigner = SeedSigner & { id: string; documents: { id: string; title: string }[] };

export type SeededPackage = {
  packageId: string;
  dealId: string;
  signers: SeededSigner[];
  /** A new link for the signer (as a request mail carries it), its token; nothing is mailed. */
  linkToken(signerId: string): Promise<string>;
};

const defaultSigners = (): SeedSigner[] => {
  const tag = randomUUID().slice(0, 8);
  return [
    {
      name: "Dana Whitfield",
      email: `dana-${tag}@signer.example`,
      signsForBusiness: true,
      guarantor: true,
      title: "Owner",
    },
    { name: "Ben Carter", email: `ben-${tag}@signer.example`, signsForBusiness: false, guarantor: true },
  ];
};

const lines = (texts: [DocumentPage["lines"][number]["style"], string][]) =>
  texts.map(([style, text]) => ({ style, cells: [text] }));

/** A document's pages as the generator lays them out, plausibly worded. */
function pagesFor(kind: AgreementDocumentKind, title: string, businessName: string, signer: string): DocumentPage[] {
  if (kind === "equipment-finance-agreement")
    return [
      {
        number: 1,
        lines: [
          ...lines([
            ["title", title],
            ["body", `This agreement is made between the lender and ${businessName} (the customer).`],
            ["heading", "1. Financing"],
            ["body", "The lender finances the equipment described below; the customer pays as scheduled."],
          ]),
          { style: "table-header", cells: ["Amount financed", "Term", "Monthly payment"] },
          { style: "table-row", cells: ["$75,000.00", "60 months", "$1,525.40"] },
        ],
      },
      {
        number: 2,
        lines: lines([
          ["heading", "2. Payments"],
          ["body", "Payments are due on the first day of each month by ACH debit."],
          ["heading", "3. Signature"],
          ["bold", `Signed for ${businessName} by ${signer}`],
          ["small", "Page 2 of 2"],
        ]),
      },
    ];
  return [
    {
      number: 1,
      lines: lines([
        ["title", title],
        [
          "body",
          kind === "personal-guaranty"
            ? `I, ${signer}, personally guarantee every payment ${businessName} owes under its agreement.`
            : `${businessName} authorizes the lender to debit its account for each payment.`,
        ],
        ["bold", `Signed by ${signer}`],
      ]),
    },
  ];
}

/** Where the signer fills a document: initials on each page, signature, name and date on the last. */
function fieldsFor(pages: DocumentPage[]): SigningField[] {
  const last = pages.length;
  return [
    ...pages.map((page) => ({
      id: `initials-p${page.number}`,
      kind: "initials" as const,
      page: page.number,
      x: 520,
      y: 40,
      width: 50,
      height: 24,
    })),
    { id: "signature", kind: "signature", page: last, x: 72, y: 140, width: 220, height: 40 },
    { id: "name", kind: "name", page: last, x: 72, y: 110, width: 220, height: 18 },
    { id: "date", kind: "date", page: last, x: 320, y: 140, width: 120, height: 18 },
  ];
}

/** A small real PDF of the pages (US Letter, Helvetica): what the signer downloads. */
async function pdfOf(pages: DocumentPage[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const content of pages) {
    const page = pdf.addPage([612, 792]);
    let y = 720;
    for (const line of content.lines) {
      page.drawText(line.cells.join("    "), { x: 72, y, size: line.style === "title" ? 18 : 11, font });
      y -= 22;
    }
  }
  return Buffer.from(await pdf.save());
}

/**
 * Inserts a package out for signature for a deal (as staff would have generated and sent it): signers
 * (by default Dana, who signs for the business and guarantees, and Ben, who guarantees), their
 * documents (the agreement and the ACH authorization for the business's signer, a personal guaranty
 * per guarantor) with real PDFs in the app's storage, the signers whose turn it is marked as asked.
 */
export async function seedSentPackage(
  target: { db: Database; storage: FileStorage },
  dealId: string,
  options: { signers?: SeedSigner[]; inOrder?: boolean; expiresAt?: Date } = {},
): Promise<SeededPackage> {
  const { db, storage } = target;
  const signers = options.signers ?? defaultSigners();
  const [{ businessName } = { businessName: "" }] = await db
    .select({ businessName: deal.businessName })
    .from(deal)
    .where(eq(deal.id, dealId));
  const [creator] = await db
    .select({ id: user.id })
    .from(user)
    .where(inArray(user.role, ["staff", "admin"]))
    .orderBy(asc(user.createdAt))
    .limit(1);
  const [anyone] = creator ? [creator] : await db.select({ id: user.id }).from(user).limit(1);
  const now = new Date();
  const expiresAt = options.expiresAt ?? new Date(now.getTime() + 14 * 86_400_000);
  const [pkg] = await db
    .insert(signingPackage)
    .values({
      dealId,
      status: "sent",
      inOrder: options.inOrder ?? false,
      createdByUserId: anyone!.id,
      sentByUserId: anyone!.id,
      sentAt: now,
      expiresAt,
    })
    .returning();
  const rows = await db
    .insert(signingSigner)
    .values(
      signers.map((signer, position) => ({
        packageId: pkg!.id,
        position,
        name: signer.name,
        email: signer.email,
        title: signer.title ?? "",
        signsForBusiness: signer.signsForBusiness,
        guarantor: signer.guarantor,
        notifiedAt: !options.inOrder || position === 0 ? now : null,
      })),
    )
    .returning();
  const business = rows.find((row) => row.signsForBusiness) ?? rows[0]!;
  const plan: { kind: AgreementDocumentKind; title: string; signer: typeof business }[] = [
    { kind: "equipment-finance-agreement", title: "Equipment finance agreement", signer: business },
    ...rows
      .filter((row) => row.guarantor)
      .map((row) => ({
        kind: "personal-guaranty" as const,
        title: `Personal guaranty of ${row.name}`,
        signer: row,
      })),
    { kind: "ach-debit-authorization", title: "ACH debit authorization", signer: business },
  ];
  const documents: { id: string; title: string; signerId: string }[] = [];
  for (const [position, item] of plan.entries()) {
    const pages = pagesFor(item.kind, item.title, businessName, item.signer.name);
    const bytes = await pdfOf(pages);
    const storageKey = `signing/${pkg!.id}/${randomUUID()}.pdf`;
    await storage.put(storageKey, Readable.from(bytes), "application/pdf");
    const [document] = await db
      .insert(signingDocument)
      .values({
        packageId: pkg!.id,
        position,
        kind: item.kind,
        templateVersion: 0,
        title: item.title,
        signerId: item.signer.id,
        storageKey,
        sha256: createHash("sha256").update(bytes).digest("hex"),
        pageCount: pages.length,
        pages,
        fields: fieldsFor(pages),
      })
      .returning({ id: signingDocument.id });
    documents.push({ id: document!.id, title: item.title, signerId: item.signer.id });
  }
  return {
    packageId: pkg!.id,
    dealId,
    signers: rows.map((row, index) => ({
      ...signers[index]!,
      id: row.id,
      documents: documents.filter((document) => document.signerId === row.id).map(({ id, title }) => ({ id, title })),
    })),
    async linkToken(signerId) {
      const token = newLinkToken();
      await db.insert(signingLink).values({ signerId, linkTokenHash: sha256Hex(token), linkExpiresAt: expiresAt });
      return token;
    },
  };
}

/**
 * A signer's session without the mail round trip (the authorization matrix and the fuzz suites;
 * server/signing/signer-ceremony.test.ts walks the real link and code), consented when asked: answers
 * the Cookie header that carries it.
 */
export async function signerSessionCookie(
  database: DatabaseHandle,
  signerId: string,
  options: { consented?: boolean } = {},
): Promise<string> {
  const session = newLinkToken();
  await database.db.insert(signingLink).values({
    signerId,
    linkTokenHash: sha256Hex(newLinkToken()),
    linkExpiresAt: new Date(Date.now() + 86_400_000),
    sessionTokenHash: sha256Hex(session),
    sessionExpiresAt: new Date(Date.now() + 3_600_000),
  });
  if (options.consented)
    await database.db.update(signingSigner).set({ consentedAt: new Date() }).where(eq(signingSigner.id, signerId));
  return `${signerCookie(testOrigin).name}=${session}`;
}
