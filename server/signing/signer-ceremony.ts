import { and, asc, eq, isNull } from "drizzle-orm";
import type { SignerCeremony } from "#domain/signing/signer-contracts.ts";
import { signerMessages, waitingFor } from "#domain/signing/signer-access.ts";
import type { DbExecutor } from "../db/client.ts";
import { deal } from "../deals/tables.ts";
import { vendorCompany } from "../vendors/tables.ts";
import { AppError } from "../shared/errors.ts";
import type { SignerCaller } from "./signer-session-plugin.ts";
import { packageSigners } from "./signer-link.ts";
import { recordSigningEvent, type SigningClient } from "./signing-events.ts";
import { signingDocument, signingPackage, signingSigner } from "./tables.ts";

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/**
 * What the signer's ceremony shows (docs/product-rules.md#r57-documents-and-e-signature): the lender, their
 * own name, the business, whose turn it is and whether they consented; only after consent their own
 * documents (pages, fields, signed or not), selected by the session's signer, so another signer's
 * document, e-mail or step never reaches the answer. The first read after consent records the view.
 */
export async function signerCeremony(
  db: DbExecutor,
  caller: SignerCaller,
  lender: string,
  client: SigningClient,
): Promise<SignerCeremony> {
  const [found] = await db
    .select({
      signer: signingSigner,
      status: signingPackage.status,
      inOrder: signingPackage.inOrder,
      businessName: deal.businessName,
      dealerName: vendorCompany.name,
    })
    .from(signingSigner)
    .innerJoin(signingPackage, eq(signingPackage.id, signingSigner.packageId))
    .innerJoin(deal, eq(deal.id, signingPackage.dealId))
    .leftJoin(vendorCompany, eq(vendorCompany.id, deal.vendorCompanyId))
    .where(and(eq(signingSigner.id, caller.signerId), eq(signingSigner.packageId, caller.packageId)));
  if (!found) throw new AppError("UNAUTHENTICATED", signerMessages.sessionEnded);
  const { signer } = found;
  const first = waitingFor(await packageSigners(db, caller.packageId), signer.id, found.inOrder);
  const consented = signer.consentedAt !== null;
  const documents = consented
    ? await db
        .select({
          id: signingDocument.id,
          title: signingDocument.title,
          pageCount: signingDocument.pageCount,
          pages: signingDocument.pages,
          fields: signingDocument.fields,
          signedAt: signingDocument.signedAt,
        })
        .from(signingDocument)
        .where(and(eq(signingDocument.signerId, signer.id), eq(signingDocument.packageId, caller.packageId)))
        .orderBy(asc(signingDocument.position))
    : null;
  if (documents && !signer.firstViewedAt) {
    const now = new Date();
    const viewed = await db
      .update(signingSigner)
      .set({ firstViewedAt: now })
      .where(and(eq(signingSigner.id, signer.id), isNull(signingSigner.firstViewedAt)))
      .returning({ id: signingSigner.id });
    if (viewed.length > 0)
      await recordSigningEvent(db, {
        packageId: caller.packageId,
        signerId: signer.id,
        kind: "viewed",
        client,
        at: now,
      });
  }
  const message =
    found.status === "completed" ? signerMessages.completed : first ? signerMessages.notYourTurn(first) : null;
  return {
    signerId: signer.id,
    lenderName: lender,
    signerName: signer.name,
    businessName: found.businessName,
    inPerson: caller.inPersonHostUserId ? { dealerName: found.dealerName ?? lender } : null,
    status: found.status,
    yourTurn: first === null && found.status === "sent",
    message,
    consentedAt: iso(signer.consentedAt),
    signedAt: iso(signer.signedAt),
    adopted:
      signer.adoptedKind && signer.adoptedName && signer.adoptedInitials
        ? {
            name: signer.adoptedName,
            initials: signer.adoptedInitials,
            kind: signer.adoptedKind,
            drawnPng: signer.drawnPng,
            drawnInitialsPng: signer.drawnInitialsPng,
          }
        : null,
    documents: documents ? documents.map((document) => ({ ...document, signedAt: iso(document.signedAt) })) : null,
    sessionEndsAt: caller.sessionEndsAt.toISOString(),
  };
}
