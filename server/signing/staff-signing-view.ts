import { asc, desc, eq, inArray } from "drizzle-orm";
import type { Brand } from "#domain/site/brand.ts";
import type { DealSigning, StaffSigningPackage } from "#domain/signing/back-office-contracts.ts";
import { signerStatus } from "#domain/signing/package-status.ts";
import type { Database } from "../db/client.ts";
import { user } from "../auth/tables.ts";
import { AppError } from "../shared/errors.ts";
import { generationProblem } from "./generate-package.ts";
import { dealForPackage } from "./package-facts.ts";
import { signingDocument, signingEvent, signingPackage, signingSealedFile, signingSigner } from "./tables.ts";

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/**
 * A deal's packages as staff see them (docs/product-rules.md#r57-documents-and-e-signature), newest
 * first, with each signer's address and every step; whether a new one can be generated, and the
 * signer the application suggests (its owner, signing for the business and guaranteeing).
 */
export async function dealSigning(db: Database, brand: Brand, dealId: string): Promise<DealSigning> {
  const found = await dealForPackage(db, dealId, brand);
  if (!found) throw new AppError("NOT_FOUND", "Not found.");
  const packages = await db
    .select({ signing: signingPackage, createdBy: user.email })
    .from(signingPackage)
    .innerJoin(user, eq(user.id, signingPackage.createdByUserId))
    .where(eq(signingPackage.dealId, dealId))
    .orderBy(desc(signingPackage.createdAt));
  const ids = packages.map((each) => each.signing.id);
  const [documents, signers, sealed, events] = ids.length
    ? await Promise.all([
        db
          .select({
            id: signingDocument.id,
            packageId: signingDocument.packageId,
            kind: signingDocument.kind,
            title: signingDocument.title,
            templateVersion: signingDocument.templateVersion,
            pageCount: signingDocument.pageCount,
            signerId: signingDocument.signerId,
            signedAt: signingDocument.signedAt,
          })
          .from(signingDocument)
          .where(inArray(signingDocument.packageId, ids))
          .orderBy(asc(signingDocument.position)),
        db
          .select()
          .from(signingSigner)
          .where(inArray(signingSigner.packageId, ids))
          .orderBy(asc(signingSigner.position)),
        db
          .select()
          .from(signingSealedFile)
          .where(inArray(signingSealedFile.packageId, ids))
          .orderBy(asc(signingSealedFile.createdAt), asc(signingSealedFile.title)),
        db
          .select({ event: signingEvent, userEmail: user.email, signerName: signingSigner.name })
          .from(signingEvent)
          .leftJoin(user, eq(user.id, signingEvent.actorUserId))
          .leftJoin(signingSigner, eq(signingSigner.id, signingEvent.signerId))
          .where(inArray(signingEvent.packageId, ids))
          .orderBy(asc(signingEvent.at)),
      ])
    : [[], [], [], []];
  const documentOrder = (documentId: string | null) => {
    const at = documents.findIndex((document) => document.id === documentId);
    return at < 0 ? Number.MAX_SAFE_INTEGER : at;
  };
  const view = ({ signing, createdBy }: (typeof packages)[number]): StaffSigningPackage => ({
    id: signing.id,
    status: signing.status,
    inOrder: signing.inOrder,
    createdAt: signing.createdAt.toISOString(),
    createdBy,
    sentAt: iso(signing.sentAt),
    expiresAt: iso(signing.expiresAt),
    completedAt: iso(signing.completedAt),
    endedAt: iso(signing.endedAt),
    endedReason: signing.endedReason,
    documents: documents
      .filter((document) => document.packageId === signing.id)
      .map(({ packageId: _packageId, ...document }) => ({ ...document, signedAt: iso(document.signedAt) })),
    signers: signers
      .filter((signer) => signer.packageId === signing.id)
      .map((signer) => ({
        id: signer.id,
        position: signer.position,
        name: signer.name,
        email: signer.email,
        title: signer.title,
        signsForBusiness: signer.signsForBusiness,
        guarantor: signer.guarantor,
        status: signerStatus(signer),
        notifiedAt: iso(signer.notifiedAt),
        codeVerifiedAt: iso(signer.codeVerifiedAt),
        consentedAt: iso(signer.consentedAt),
        firstViewedAt: iso(signer.firstViewedAt),
        signedAt: iso(signer.signedAt),
        declinedAt: iso(signer.declinedAt),
        declineReason: signer.declineReason,
        inPerson: signer.inPersonHostUserId !== null,
        remindersSent: signer.remindersSent,
      })),
    sealedFiles: sealed
      .filter((file) => file.packageId === signing.id)
      // In the documents' order, the certificate of completion last.
      .sort((a, b) => documentOrder(a.documentId) - documentOrder(b.documentId))
      .map((file) => ({ id: file.id, title: file.title, sha256: file.sha256, dealDocumentId: file.dealDocumentId })),
    events: events
      .filter(({ event }) => event.packageId === signing.id)
      .map(({ event, userEmail, signerName }) => ({
        kind: event.kind,
        who: userEmail ?? signerName ?? "Automatically",
        detail: event.detail,
        at: event.at.toISOString(),
      })),
  });
  return {
    packages: packages.map(view),
    generationProblem: await generationProblem(db, found, brand.timeZone),
    suggestedSigners: [
      {
        name: found.owner.name,
        email: found.owner.email,
        title: found.owner.title,
        signsForBusiness: true,
        guarantor: true,
      },
    ],
  };
}
