import { createHash, randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import type { FastifyInstance } from "fastify";
import { asc, eq } from "drizzle-orm";
import { signedActor } from "#domain/deals/deal-field-labels.ts";
import { formatCalendarDate } from "#domain/site/business-time.ts";
import { businessDayOf } from "#domain/site/business-day.ts";
import type { Brand } from "#domain/site/brand.ts";
import type { AdoptedSignature } from "#domain/signing/package-shapes.ts";
import type { Database } from "../db/client.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { dealRecipientEmails } from "../auth/company-user-emails.ts";
import { deal, dealDocument } from "../deals/tables.ts";
import { applyDealUpdate, type DealUpdateContext } from "../deals/update-deal.ts";
import { enqueueMail } from "../mail/enqueue-mail.ts";
import { simpleMail } from "../mail/mail-templates.ts";
import type { FileStorage } from "../shared/storage/file-storage.ts";
import { vendorCompany } from "../vendors/tables.ts";
import { renderCompletionCertificate } from "./completion-certificate.ts";
import { recordPackageHistory } from "./package-history.ts";
import { placeSignatures } from "./place-signatures.ts";
import { sealPdf } from "./seal-pdf.ts";
import type { SealingCertificate } from "./sealing-certificate.ts";
import { emitDocumentsEvent } from "./signing-webhooks.ts";
import { signingDocument, signingEvent, signingPackage, signingSealedFile, signingSigner } from "./tables.ts";

export type CompletionDeps = {
  db: Database;
  storage: FileStorage;
  context: DealUpdateContext;
  brand: Brand;
  certificate: SealingCertificate;
};

declare module "fastify" {
  interface FastifyInstance {
    /** Seals a package whose every signer has signed (server/signing/complete-package.ts). */
    completeSigningPackage: (packageId: string) => Promise<void>;
  }
}

/** The deal's step once every document is signed: Docs Out moves to Docs In & Review. */
const movesToDocsIn = (stage: number) => stage === 3;

/**
 * Completes a package whose every signer has signed (docs/product-rules.md#r57-documents-and-e-signature):
 * each document gets its signer's adopted signature, initials, name and date in its fields; a
 * certificate of completion lists every file's SHA-256 and each signer's address, browser and times;
 * every file is sealed with the lender's certificate (a PDF digital signature) and stored under a new
 * key, never over another. Then, in one transaction with the package locked (a second completion
 * finds it completed and leaves, its files to the orphan sweep): the sealed files are recorded and
 * attached to the deal, the package is completed, the deal moves to Docs In & Review, `documents.completed`,
 * audited, a step of the deal's history, and every signer and the dealer get the files by mail.
 * Does nothing for a package that is not out for signature or still has a signer to sign.
 */
export async function sealCompletedPackage(deps: CompletionDeps, packageId: string): Promise<boolean> {
  const { db, storage, brand, certificate } = deps;
  const [found] = await db
    .select({ signing: signingPackage, deal, vendorName: vendorCompany.name })
    .from(signingPackage)
    .innerJoin(deal, eq(deal.id, signingPackage.dealId))
    .leftJoin(vendorCompany, eq(vendorCompany.id, deal.vendorCompanyId))
    .where(eq(signingPackage.id, packageId));
  if (!found || found.signing.status !== "sent") return false;
  const [signers, documents, events] = await Promise.all([
    db.select().from(signingSigner).where(eq(signingSigner.packageId, packageId)).orderBy(asc(signingSigner.position)),
    db
      .select()
      .from(signingDocument)
      .where(eq(signingDocument.packageId, packageId))
      .orderBy(asc(signingDocument.position)),
    db.select().from(signingEvent).where(eq(signingEvent.packageId, packageId)).orderBy(asc(signingEvent.at)),
  ]);
  if (signers.some((signer) => !signer.signedAt) || documents.some((document) => !document.signedAt)) return false;

  const dealId = found.deal.id;
  const completedAt = new Date();
  const sealInfo = {
    reason: `Signed by every party; sealed by ${brand.legalName}`,
    location: brand.cityStateZip,
    contactInfo: brand.email,
    name: brand.legalName,
    signedAt: completedAt,
  };
  const sealed: {
    id: string;
    documentId: string | null;
    title: string;
    storageKey: string;
    sha256: string;
    bytes: Buffer;
  }[] = [];
  for (const document of documents) {
    const signer = signers.find((each) => each.id === document.signerId)!;
    const adopted: AdoptedSignature = {
      name: signer.adoptedName ?? signer.name,
      initials: signer.adoptedInitials ?? "",
      kind: signer.adoptedKind ?? "typed",
      ...(signer.drawnPng ? { drawnPng: signer.drawnPng } : {}),
      ...(signer.drawnInitialsPng ? { drawnInitialsPng: signer.drawnInitialsPng } : {}),
    };
    const generated = await buffer(await storage.get(document.storageKey));
    const signedOn = formatCalendarDate(businessDayOf(document.signedAt!, brand.timeZone));
    const placed = await placeSignatures(new Uint8Array(generated), document.fields, adopted, signedOn);
    const bytes = await sealPdf(placed, certificate, sealInfo);
    const id = randomUUID();
    sealed.push({
      id,
      documentId: document.id,
      title: `${document.title} (signed)`,
      storageKey: `deals/${dealId}/signing/sealed/${id}.pdf`,
      sha256: createHash("sha256").update(bytes).digest("hex"),
      bytes,
    });
  }
  const certificateId = randomUUID();
  const roleOf = (signer: (typeof signers)[number]) =>
    [
      signer.signsForBusiness ? `For ${found.deal.businessName}${signer.title ? ` (${signer.title})` : ""}` : "",
      signer.guarantor ? "Guarantor" : "",
    ]
      .filter(Boolean)
      .join("; ");
  const certificatePdf = await renderCompletionCertificate({
    recordId: certificateId,
    packageId,
    accountNumber: found.deal.accountNumber,
    businessName: found.deal.businessName,
    lender: { name: brand.legalName, accentColor: "#094a8c" },
    completedAt,
    documents: sealed.map((file, index) => ({ title: documents[index]!.title, sha256: file.sha256 })),
    signers: signers.map((signer) => ({
      name: signer.name,
      email: signer.email,
      role: roleOf(signer),
      ipAddress: signer.ipAddress,
      userAgent: signer.userAgent,
      consentedAt: signer.consentedAt,
      codeVerifiedAt: signer.codeVerifiedAt,
      firstViewedAt: signer.firstViewedAt,
      signatures: documents
        .filter((document) => document.signerId === signer.id)
        .map((document) => ({ document: document.title, signedAt: document.signedAt! })),
      inPersonAt: signer.inPersonHostUserId ? (found.vendorName ?? "the dealer's") : null,
    })),
  });
  const certificateBytes = await sealPdf(certificatePdf, certificate, sealInfo);
  sealed.push({
    id: certificateId,
    documentId: null,
    title: "Certificate of completion",
    storageKey: `deals/${dealId}/signing/sealed/${certificateId}.pdf`,
    sha256: createHash("sha256").update(certificateBytes).digest("hex"),
    bytes: certificateBytes,
  });
  for (const file of sealed) await storage.put(file.storageKey, Readable.from([file.bytes]), "application/pdf");

  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ status: signingPackage.status })
      .from(signingPackage)
      .where(eq(signingPackage.id, packageId))
      .for("update");
    if (locked?.status !== "sent") return false;
    for (const file of sealed) {
      const name = `${file.title.replace(/[^A-Za-z0-9 ()-]/g, "_")}.pdf`;
      const [attached] = await tx
        .insert(dealDocument)
        .values({
          dealId,
          slot: "signed-documents",
          storageKey: file.storageKey,
          logicalFolder: `${found.deal.businessName}/signed-documents`,
          originalName: name,
          contentType: "application/pdf",
          size: file.bytes.length,
        })
        .returning({ id: dealDocument.id });
      await tx.insert(signingSealedFile).values({
        id: file.id,
        packageId,
        documentId: file.documentId,
        title: file.title,
        storageKey: file.storageKey,
        sha256: file.sha256,
        size: file.bytes.length,
        dealDocumentId: attached!.id,
      });
    }
    await tx
      .update(signingPackage)
      .set({ status: "completed", completedAt, updatedAt: completedAt })
      .where(eq(signingPackage.id, packageId));
    await tx.insert(signingEvent).values({ packageId, kind: "completed", detail: `${sealed.length} files sealed` });
    if (movesToDocsIn(found.deal.stage))
      await applyDealUpdate(tx, deps.context, { automatically: signedActor }, dealId, { stage: 4 });
    await recordPackageHistory(tx, dealId, { label: signedActor }, "Every document signed and sealed");
    await emitDocumentsEvent(tx, packageId, { type: "documents.completed" });
    await recordAudit(tx, {
      action: "signing.package-completed",
      subject: dealId,
      details: { packageId, files: sealed.map((file) => ({ title: file.title, sha256: file.sha256 })) },
    });
    const attachments = sealed.map((file) => ({
      filename: `${file.title.replace(/[^A-Za-z0-9 ()-]/g, "_")}.pdf`,
      contentType: "application/pdf",
      contentBase64: file.bytes.toString("base64"),
    }));
    const product = deps.context.product;
    for (const signer of signers)
      await enqueueMail(
        tx,
        {
          ...simpleMail({
            to: signer.email,
            subject: `Your signed documents from ${product}`,
            paragraphs: [
              `${signer.name}, everyone has signed. Your signed documents and the certificate of completion are attached.`,
              `Each file is sealed by ${brand.legalName}: a PDF reader shows it as signed and unchanged since. Keep them for your records.`,
            ],
            product,
          }),
          attachments: attachments.filter(
            (_, index) => sealed[index]!.documentId === null || documents[index]!.signerId === signer.id,
          ),
        },
        deps.context.cipher,
      );
    for (const to of await dealRecipientEmails(tx, found.deal))
      await enqueueMail(
        tx,
        {
          ...simpleMail({
            to,
            subject: `Documents signed: ${found.deal.businessName} (${found.deal.accountNumber})`,
            paragraphs: [
              "Every signer has signed. The sealed documents and the certificate of completion are attached and on the deal's page.",
            ],
            action: { label: "Open the deal", url: `${deps.context.publicUrl}/portal/deals/${dealId}` },
            product,
          }),
          attachments,
        },
        deps.context.cipher,
      );
    return true;
  });
}

/**
 * The signer's routes call this after the last signature commits: sealing runs on the app's
 * completion (registered by the composition root); errors are logged, never thrown to the signer,
 * whose signature is already kept. The next sweep of packages retries a package left unsealed.
 */
export async function completeSigningPackage(app: FastifyInstance, packageId: string): Promise<void> {
  try {
    await app.completeSigningPackage(packageId);
  } catch (error) {
    app.log.error({ err: error, packageId }, "sealing a signed package failed");
  }
}
