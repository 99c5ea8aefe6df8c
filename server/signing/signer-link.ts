import { asc, eq } from "drizzle-orm";
import { maskedAddress } from "#domain/applicant-portal/applicant-access.ts";
import { codeSendAllowance } from "#domain/auth/mailed-code.ts";
import {
  packageRefusal,
  signerCodeLength,
  signerCodeMinutes,
  signerCodeRules,
  signerMessages,
  waitingFor,
} from "#domain/signing/signer-access.ts";
import type { DbExecutor, Transaction } from "../db/client.ts";
import { isUserAddress } from "../accounts/user-address.ts";
import { enqueueMail } from "../mail/enqueue-mail.ts";
import { AppError } from "../shared/errors.ts";
import { mailedCodeHash, newMailedCode } from "../shared/mailed-code.ts";
import { sha256Hex } from "../shared/crypto/link-token.ts";
import type { MailContext } from "../shared/request-context.ts";
import { signerCodeMail } from "./signer-code-mail.ts";
import { recordSigningEvent, type SigningClient } from "./signing-events.ts";
import { signingLink, signingPackage, signingSigner } from "./tables.ts";

export type LockedLink = {
  link: typeof signingLink.$inferSelect;
  signer: typeof signingSigner.$inferSelect;
  pkg: typeof signingPackage.$inferSelect;
};

/** A link by its token's hash with its signer and package, the link's row locked; null when unknown. */
export async function lockLinkByToken(tx: Transaction, token: string): Promise<LockedLink | null> {
  const [found] = await tx
    .select({ link: signingLink, signer: signingSigner, pkg: signingPackage })
    .from(signingLink)
    .innerJoin(signingSigner, eq(signingSigner.id, signingLink.signerId))
    .innerJoin(signingPackage, eq(signingPackage.id, signingSigner.packageId))
    .where(eq(signingLink.linkTokenHash, sha256Hex(token)))
    .for("update", { of: signingLink });
  return found ?? null;
}

/** The package's signers in order, with what decides whose turn it is. */
export async function packageSigners(db: DbExecutor, packageId: string) {
  return db
    .select({
      id: signingSigner.id,
      name: signingSigner.name,
      position: signingSigner.position,
      signedAt: signingSigner.signedAt,
      declinedAt: signingSigner.declinedAt,
      notifiedAt: signingSigner.notifiedAt,
    })
    .from(signingSigner)
    .where(eq(signingSigner.packageId, packageId))
    .orderBy(asc(signingSigner.position));
}

/**
 * Why a link opens nothing now, or null: unknown (410), the package no longer out for signature
 * (410, in the signer's words), the link past its time (410), the signer already signed or declined (410), another
 * signer first in an ordered package (409), or an address that belongs to a user of the product
 * (410: a code must never reach a dealer's own mailbox, docs/product-rules.md#r30-never-to-a-users-address).
 */
export async function linkRefusal(tx: DbExecutor, found: LockedLink | null, lender: string): Promise<AppError | null> {
  const now = new Date();
  if (!found) return new AppError("GONE", signerMessages.linkUnknown);
  const closed = packageRefusal(found.pkg, now, lender);
  if (closed) return new AppError("GONE", closed);
  if (found.link.linkExpiresAt.getTime() <= now.getTime()) return new AppError("GONE", signerMessages.linkUnknown);
  if (found.signer.declinedAt) return new AppError("GONE", signerMessages.youDeclined);
  if (found.signer.signedAt) return new AppError("GONE", signerMessages.alreadySigned);
  const first = waitingFor(await packageSigners(tx, found.pkg.id), found.signer.id, found.pkg.inOrder);
  if (first) return new AppError("CONFLICT", signerMessages.notYourTurn(first));
  if (await isUserAddress(tx, found.signer.email)) return new AppError("GONE", signerMessages.linkUnknown);
  return null;
}

/**
 * Mails a new one-time code for a locked link to the signer's own address: it replaces the link's last
 * code and has its tries. One link sends at most `signerCodesPerLinkPerHour` codes: then none until an
 * hour after the last (429). Answers where the code went, masked.
 */
export async function issueSignerCode(
  tx: Transaction,
  context: MailContext,
  found: LockedLink,
  token: string,
  client: SigningClient,
  actorUserId: string | null = null,
): Promise<{ sentTo: string; expiresInMinutes: number }> {
  const now = Date.now();
  const { link } = found;
  const allowance = codeSendAllowance(link, signerCodeRules, now);
  if (!allowance.ok) throw new AppError("RATE_LIMITED", signerMessages.tooManyCodes(allowance.retryInMinutes));
  const code = newMailedCode(signerCodeLength);
  await tx
    .update(signingLink)
    .set({
      codeHash: mailedCodeHash(token, code),
      codeExpiresAt: allowance.codeExpiresAt,
      codeAttempts: 0,
      codesSent: allowance.codesSent,
    })
    .where(eq(signingLink.id, link.id));
  await enqueueMail(
    tx,
    signerCodeMail({
      to: found.signer.email,
      code,
      lender: context.product,
      inPerson: link.inPersonHostUserId !== null,
    }),
    context.cipher,
  );
  await recordSigningEvent(tx, {
    packageId: found.pkg.id,
    signerId: found.signer.id,
    kind: "code-sent",
    actorUserId,
    detail: link.inPersonHostUserId ? "in person" : "",
    client,
  });
  return { sentTo: maskedAddress(found.signer.email), expiresInMinutes: signerCodeMinutes };
}
