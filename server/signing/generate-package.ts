import { createHash, randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { and, eq, inArray } from "drizzle-orm";
import type { Brand } from "#domain/site/brand.ts";
import { businessDayOf } from "#domain/site/business-day.ts";
import { isOpenStage } from "#domain/deals/stages.ts";
import { readyForDocuments } from "#domain/stips/stip-rules.ts";
import type { GeneratePackageInput } from "#domain/signing/back-office-contracts.ts";
import { packageDocumentPlan, packageGenerationProblem } from "#domain/signing/package-rules.ts";
import { agreementDocumentLabels } from "#domain/signing/package-shapes.ts";
import { fillTemplate, mergeValues } from "#domain/signing/merge-fields.ts";
import type { Database, DbExecutor } from "../db/client.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { isUserAddress } from "../accounts/user-address.ts";
import { AppError } from "../shared/errors.ts";
import type { FileStorage } from "../shared/storage/file-storage.ts";
import { dealStip } from "../stips/tables.ts";
import { dealForPackage } from "./package-facts.ts";
import { renderAgreementDocument } from "./render-agreement-document.ts";
import { currentTemplates } from "./current-templates.ts";
import { signingDocument, signingEvent, signingPackage, signingSigner } from "./tables.ts";

/** Why the deal cannot have a package now, or null (read by the deal's signing view and by generation). */
export async function generationProblem(
  db: DbExecutor,
  found: { dealId: string; stage: number; approvalExpiresOn: string | null },
  timeZone: string,
): Promise<string | null> {
  const [stips, open] = await Promise.all([
    db.select({ status: dealStip.status }).from(dealStip).where(eq(dealStip.dealId, found.dealId)),
    db
      .select({ id: signingPackage.id })
      .from(signingPackage)
      .where(and(eq(signingPackage.dealId, found.dealId), inArray(signingPackage.status, ["draft", "sent"]))),
  ]);
  return packageGenerationProblem({
    approvalExpiresOn: found.approvalExpiresOn,
    today: businessDayOf(new Date(), timeZone),
    stipsReady: stips.length === 0 || readyForDocuments(stips.map((stip) => stip.status)),
    openPackage: open.length > 0,
    dealOpen: isOpenStage(found.stage),
  });
}

/**
 * Generates a draft package for a deal (docs/product-rules.md#r57-documents-and-e-signature): the
 * documents the signers call for (packageDocumentPlan), each filled from the current template and
 * the deal's facts, rendered to PDF and stored (never changed afterwards), with its pages and fields
 * kept for the preview and the ceremony. The files are stored before the transaction; a failed one
 * leaves them to the orphan sweep. The unique open-package index refuses a second draft made at the
 * same moment. Audited `signing.package-generated`. Returns the package's id.
 */
export async function generatePackage(
  db: Database,
  storage: FileStorage,
  brand: Brand,
  by: { userId: string; ipAddress: string },
  dealId: string,
  input: GeneratePackageInput,
): Promise<string> {
  const found = await dealForPackage(db, dealId, brand);
  if (!found) throw new AppError("NOT_FOUND", "Not found.");
  const problem = await generationProblem(db, found, brand.timeZone);
  if (problem) throw new AppError("CONFLICT", problem);
  // A signer proves their address by a code mailed to it: never a user's login
  // (docs/product-rules.md#r30-never-to-a-users-address).
  for (const [index, signer] of input.signers.entries())
    if (await isUserAddress(db, signer.email)) {
      const message = "This is the address of a user of this site: use the signer's own e-mail.";
      throw new AppError("VALIDATION_FAILED", message, [{ path: `/signers/${index}/email`, message }]);
    }

  const packageId = randomUUID();
  const signerIds = input.signers.map(() => randomUUID());
  const business = input.signers.find((signer) => signer.signsForBusiness)!;
  const plan = packageDocumentPlan(input.signers, input.lease);
  const templates = await currentTemplates(
    db,
    plan.map((each) => each.kind),
  );
  const now = new Date();
  const date = businessDayOf(now, brand.timeZone);
  const documents: (typeof signingDocument.$inferInsert)[] = [];
  for (const [position, { kind, signerIndex }] of plan.entries()) {
    const template = templates.get(kind)!;
    const signer = input.signers[signerIndex]!;
    const facts = {
      ...found.facts,
      approval: { ...found.facts.approval, lease: input.lease },
      businessSigner: { name: business.name, title: business.title, email: business.email },
      guarantor: kind === "personal-guaranty" ? { name: signer.name, email: signer.email } : null,
      date,
    };
    const values = mergeValues(facts);
    const documentId = randomUUID();
    const title = fillTemplate(template.title, values) || agreementDocumentLabels[kind];
    const rendered = await renderAgreementDocument({
      kind,
      title,
      body: fillTemplate(template.body, values),
      facts,
      documentId,
      createdAt: now,
    });
    const storageKey = `deals/${dealId}/signing/${documentId}.pdf`;
    await storage.put(storageKey, Readable.from([Buffer.from(rendered.pdf)]), "application/pdf");
    documents.push({
      id: documentId,
      packageId,
      position,
      kind,
      templateVersion: template.version,
      title,
      signerId: signerIds[signerIndex]!,
      storageKey,
      sha256: createHash("sha256").update(rendered.pdf).digest("hex"),
      pageCount: rendered.pages.length,
      pages: rendered.pages,
      fields: rendered.fields,
    });
  }

  await db.transaction(async (tx) => {
    await tx
      .insert(signingPackage)
      .values({ id: packageId, dealId, inOrder: input.inOrder, createdByUserId: by.userId })
      .catch((error: unknown) => {
        if (
          String((error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code) === "23505"
        )
          throw new AppError("CONFLICT", "This deal already has documents being prepared or out for signature.");
        throw error;
      });
    await tx.insert(signingSigner).values(
      input.signers.map((signer, position) => ({
        id: signerIds[position]!,
        packageId,
        position,
        name: signer.name,
        email: signer.email,
        title: signer.title,
        signsForBusiness: signer.signsForBusiness,
        guarantor: signer.guarantor,
      })),
    );
    await tx.insert(signingDocument).values(documents);
    await tx
      .insert(signingEvent)
      .values({ packageId, actorUserId: by.userId, kind: "generated", ipAddress: by.ipAddress });
    await recordAudit(tx, {
      action: "signing.package-generated",
      actorUserId: by.userId,
      subject: dealId,
      ipAddress: by.ipAddress,
      details: { packageId, documents: documents.length, signers: input.signers.length },
    });
  });
  return packageId;
}
