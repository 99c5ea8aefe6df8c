import { and, asc, eq, gt, isNotNull } from "drizzle-orm";
import type { InPersonStarted } from "#domain/signing/portal-in-person-contracts.ts";
import { inPersonStartsPerSignerPerHour, signerMessages } from "#domain/signing/signer-access.ts";
import type { Database } from "../db/client.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { findDeal } from "../deals/find-deal.ts";
import { vendorCompany } from "../vendors/tables.ts";
import { AppError } from "../shared/errors.ts";
import { newLinkToken, sha256Hex } from "../shared/crypto/link-token.ts";
import type { MailContext } from "../shared/request-context.ts";
import type { VendorScope } from "../shared/vendor-scope.ts";
import { openSignerSession } from "./open-signer-session.ts";
import type { SigningClient } from "./signing-events.ts";
import { issueSignerCode, linkRefusal, lockLinkByToken } from "./signer-link.ts";
import { signingLink, signingPackage, signingSigner } from "./tables.ts";

const hourMs = 3_600_000;

/** The deal the scope sees (404 otherwise: another company's, a colleague's for a rep) and its company's name. */
async function scopedDeal(db: Database, scope: VendorScope, dealId: string) {
  const found = await findDeal(db, scope, dealId);
  if (!found) throw new AppError("NOT_FOUND", "Not found.");
  const [company] = await db
    .select({ name: vendorCompany.name })
    .from(vendorCompany)
    .where(eq(vendorCompany.id, scope.companyId));
  return { deal: found, dealerName: company?.name ?? "" };
}

/**
 * Starts signing in person (docs/product-rules.md#r57-documents-and-e-signature): for a signer of the
 * deal's package out for signature, a link of its own held by this dealer user (its token answered to
 * this device, never mailed, working an hour at most) and a code mailed to the signer's own address,
 * which the signer reads from their mailbox. Each start mails a code, so a signer gets at most
 * `inPersonStartsPerSignerPerHour` starts an hour. Audited.
 */
export async function startInPerson(
  db: Database,
  context: MailContext,
  scope: VendorScope,
  dealId: string,
  signerId: string,
  client: SigningClient,
): Promise<InPersonStarted> {
  const { deal, dealerName } = await scopedDeal(db, scope, dealId);
  return db.transaction(async (tx) => {
    const [signer] = await tx
      .select({ id: signingSigner.id, name: signingSigner.name, expiresAt: signingPackage.expiresAt })
      .from(signingSigner)
      .innerJoin(signingPackage, eq(signingPackage.id, signingSigner.packageId))
      .where(and(eq(signingSigner.id, signerId), eq(signingPackage.dealId, deal.id)))
      .for("update", { of: signingSigner });
    if (!signer) throw new AppError("NOT_FOUND", "Not found.");
    const now = Date.now();
    const starts = await tx
      .select({ createdAt: signingLink.createdAt })
      .from(signingLink)
      .where(
        and(
          eq(signingLink.signerId, signer.id),
          isNotNull(signingLink.inPersonHostUserId),
          gt(signingLink.createdAt, new Date(now - hourMs)),
        ),
      )
      .orderBy(asc(signingLink.createdAt));
    if (starts.length >= inPersonStartsPerSignerPerHour)
      throw new AppError(
        "RATE_LIMITED",
        signerMessages.tooManyStarts(Math.max(1, Math.ceil((starts[0]!.createdAt.getTime() + hourMs - now) / 60_000))),
      );
    const token = newLinkToken();
    const ends = Math.min(now + hourMs, signer.expiresAt?.getTime() ?? now);
    await tx.insert(signingLink).values({
      signerId: signer.id,
      linkTokenHash: sha256Hex(token),
      linkExpiresAt: new Date(ends),
      inPersonHostUserId: scope.userId,
    });
    const found = await lockLinkByToken(tx, token);
    const refusal = await linkRefusal(tx, found, context.product);
    if (refusal) throw refusal;
    const sent = await issueSignerCode(tx, context, found!, token, client, scope.userId);
    await recordAudit(tx, {
      action: "signing.in-person-started",
      actorUserId: scope.userId,
      subject: deal.id,
      ipAddress: client.ipAddress,
      details: { package: found!.pkg.id, signer: signer.id },
    });
    return { token, signerName: signer.name, dealerName, ...sent };
  });
}

/**
 * The code the signer read from their own mailbox opens their session on this dealer user's device:
 * only the link this user started, for this signer of this deal; recorded as signed in person.
 */
export async function confirmInPerson(
  db: Database,
  lender: string,
  scope: VendorScope,
  params: { dealId: string; signerId: string },
  input: { token: string; code: string },
  client: SigningClient,
) {
  const { deal, dealerName } = await scopedDeal(db, scope, params.dealId);
  return openSignerSession(db, lender, input, client, {
    kind: "in-person",
    hostUserId: scope.userId,
    signerId: params.signerId,
    dealId: deal.id,
    dealerName,
  });
}
