import { and, eq, isNull } from "drizzle-orm";
import type { AdoptedSignatureInput } from "#domain/signing/signer-contracts.ts";
import { nextInOrder, packageRefusal, signerMessages, waitingFor } from "#domain/signing/signer-access.ts";
import type { Database } from "../db/client.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { AppError } from "../shared/errors.ts";
import { notifySigner, type SigningMailContext } from "./notify-signer.ts";
import type { SignerCaller } from "./signer-session-plugin.ts";
import { packageSigners } from "./signer-link.ts";
import { recordSigningEvent, type SigningClient } from "./signing-events.ts";
import { emitDocumentsEvent } from "./signing-webhooks.ts";
import { recordPackageHistory } from "./package-history.ts";
import { signingDocument, signingPackage, signingSigner } from "./tables.ts";

const pngMagic = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A drawn signature's bytes really are a PNG (the contract checked its text; base64 decoding is lenient). */
function checkedPng(base64: string | undefined, path: string): string | null {
  if (base64 === undefined) return null;
  const bytes = Buffer.from(base64, "base64");
  // Signature, IHDR chunk and at least one more chunk: 8 + 25 + 12 bytes.
  if (bytes.length < 45 || !bytes.subarray(0, 8).equals(pngMagic) || bytes.toString("latin1", 12, 16) !== "IHDR") {
    const message = "The drawn signature is not a picture we can use. Type it instead.";
    throw new AppError("VALIDATION_FAILED", message, [{ path, message }]);
  }
  return base64;
}

export type SignOutcome = {
  signedAt: Date;
  /** Every document of this signer's is signed. */
  finished: boolean;
  /** Every signer of the package has signed: the caller completes it once this commits. */
  complete: boolean;
};

/**
 * Signs one of the signer's own documents (docs/product-rules.md#r57-documents-and-e-signature), under
 * the package's row lock, so two signers finishing at once see each other: only a document of theirs
 * (404), after consent, in their turn, once. The first signing adopts the signature (typed, or drawn
 * with the typed name kept); a step with address and browser, an audit row. The signer's last document
 * marks them signed: `documents.signed` for the dealer and, in order, the next signer's request.
 */
export async function signDocument(
  db: Database,
  context: SigningMailContext,
  caller: SignerCaller,
  documentId: string,
  signature: AdoptedSignatureInput | undefined,
  client: SigningClient,
): Promise<SignOutcome> {
  return db.transaction(async (tx) => {
    const [pkg] = await tx.select().from(signingPackage).where(eq(signingPackage.id, caller.packageId)).for("update");
    const now = new Date();
    if (!pkg) throw new AppError("GONE", signerMessages.linkUnknown);
    const closed = packageRefusal(pkg, now, context.product);
    if (closed) throw new AppError("GONE", closed);
    const [signer] = await tx.select().from(signingSigner).where(eq(signingSigner.id, caller.signerId));
    if (!signer || signer.declinedAt) throw new AppError("GONE", signerMessages.youDeclined);
    const [document] = await tx
      .select({ id: signingDocument.id, title: signingDocument.title, signedAt: signingDocument.signedAt })
      .from(signingDocument)
      .where(
        and(
          eq(signingDocument.id, documentId),
          eq(signingDocument.signerId, signer.id),
          eq(signingDocument.packageId, pkg.id),
        ),
      );
    if (!document) throw new AppError("NOT_FOUND", "Not found.");
    if (!signer.consentedAt) throw new AppError("CONFLICT", signerMessages.consentFirst);
    if (document.signedAt) throw new AppError("CONFLICT", signerMessages.documentSigned);
    const signers = await packageSigners(tx, pkg.id);
    const first = waitingFor(signers, signer.id, pkg.inOrder);
    if (first) throw new AppError("CONFLICT", signerMessages.notYourTurn(first));
    const adopting = signer.adoptedKind === null;
    if (adopting && !signature)
      throw new AppError("VALIDATION_FAILED", signerMessages.adoptFirst, [
        { path: "/signature", message: signerMessages.adoptFirst },
      ]);
    const adopted =
      adopting && signature
        ? {
            adoptedName: signature.name,
            adoptedInitials: signature.initials,
            adoptedKind: signature.kind,
            drawnPng: signature.kind === "drawn" ? checkedPng(signature.drawnPng, "/signature/drawnPng") : null,
            drawnInitialsPng:
              signature.kind === "drawn" ? checkedPng(signature.drawnInitialsPng, "/signature/drawnInitialsPng") : null,
          }
        : {};
    await tx.update(signingDocument).set({ signedAt: now }).where(eq(signingDocument.id, document.id));
    await tx
      .update(signingSigner)
      .set({ ...adopted, ipAddress: client.ipAddress, userAgent: client.userAgent })
      .where(eq(signingSigner.id, signer.id));
    await recordSigningEvent(tx, {
      packageId: pkg.id,
      signerId: signer.id,
      documentId: document.id,
      kind: "signed",
      actorUserId: caller.inPersonHostUserId,
      detail: document.title,
      client,
      at: now,
    });
    await recordAudit(tx, {
      action: "signing.document-signed",
      actorUserId: caller.inPersonHostUserId,
      subject: pkg.dealId,
      ipAddress: client.ipAddress,
      details: {
        package: pkg.id,
        signer: signer.id,
        document: document.id,
        inPerson: caller.inPersonHostUserId !== null,
      },
    });
    const unsigned = await tx
      .select({ id: signingDocument.id })
      .from(signingDocument)
      .where(and(eq(signingDocument.signerId, signer.id), isNull(signingDocument.signedAt)));
    const finished = unsigned.length === 0;
    if (!finished) return { signedAt: now, finished, complete: false };
    await tx.update(signingSigner).set({ signedAt: now }).where(eq(signingSigner.id, signer.id));
    await emitDocumentsEvent(tx, pkg.id, { type: "documents.signed", signerId: signer.id });
    await recordPackageHistory(
      tx,
      pkg.dealId,
      { label: `${signer.name} (signer),` },
      caller.inPersonHostUserId ? "Signed every document of theirs, in person" : "Signed every document of theirs",
    );
    const after = signers.map((each) => (each.id === signer.id ? { ...each, signedAt: now } : each));
    const next = pkg.inOrder ? nextInOrder(after, signer.id) : null;
    if (next) await notifySigner(tx, context, next.id);
    return { signedAt: now, finished, complete: after.every((each) => each.signedAt !== null) };
  });
}
