import { asc, eq } from "drizzle-orm";
import { signerStatus, type DealerSigningPackage } from "#domain/signing/package-status.ts";
import type { DbExecutor } from "../db/client.ts";
import { signingDocument, signingPackage, signingSigner } from "./tables.ts";

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/**
 * A package as the dealer reads it (the portal, the API and the webhooks): each document's title and
 * signing time, each signer's name and step; never an e-mail, an address or a code. Null when absent.
 */
export async function dealerPackage(db: DbExecutor, packageId: string): Promise<DealerSigningPackage | null> {
  const [found] = await db.select().from(signingPackage).where(eq(signingPackage.id, packageId));
  if (!found) return null;
  const [documents, signers] = await Promise.all([
    db
      .select({ id: signingDocument.id, title: signingDocument.title, signedAt: signingDocument.signedAt })
      .from(signingDocument)
      .where(eq(signingDocument.packageId, packageId))
      .orderBy(asc(signingDocument.position)),
    db.select().from(signingSigner).where(eq(signingSigner.packageId, packageId)).orderBy(asc(signingSigner.position)),
  ]);
  return {
    id: found.id,
    status: found.status,
    sentAt: iso(found.sentAt),
    expiresAt: iso(found.expiresAt),
    completedAt: iso(found.completedAt),
    // A signer's reason for declining is the dealer's to read; staff's reason for voiding stays theirs.
    endedReason: found.status === "voided" ? "" : found.endedReason,
    documents: documents.map((document) => ({ ...document, signedAt: iso(document.signedAt) })),
    signers: signers.map((signer) => ({
      id: signer.id,
      name: signer.name,
      status: signerStatus(signer),
      signedAt: iso(signer.signedAt),
      inPerson: signer.inPersonHostUserId !== null,
    })),
  };
}
