import { and, count, eq, gt, isNull, lt } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { AppError } from "../shared/errors.ts";
import { notifySigner, type SigningMailContext } from "./notify-signer.ts";
import { signingLink, signingPackage, signingSigner } from "./tables.ts";

/** Request mails (first, reminders, resends) one signer gets at most in an hour. */
export const resendsPerSignerPerHour = 3;

/**
 * Mails a signer who has not signed or declined a new link (docs/product-rules.md#r57-documents-and-e-signature):
 * only while the package is out for signature and, in order, once their turn has come; at most
 * `resendsPerSignerPerHour` links an hour (a mailbox is not a megaphone). Audited.
 */
export async function resendSigningRequest(
  db: Database,
  context: SigningMailContext,
  by: { id: string; ipAddress: string },
  ids: { packageId: string; signerId: string },
): Promise<string> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ signing: signingPackage, signer: signingSigner })
      .from(signingSigner)
      .innerJoin(signingPackage, eq(signingPackage.id, signingSigner.packageId))
      .where(and(eq(signingSigner.id, ids.signerId), eq(signingSigner.packageId, ids.packageId)))
      .for("update", { of: signingPackage });
    if (!found) throw new AppError("NOT_FOUND", "Not found.");
    const { signing, signer } = found;
    if (signing.status !== "sent") throw new AppError("CONFLICT", "These documents are not out for signature.");
    if (signer.signedAt || signer.declinedAt) throw new AppError("CONFLICT", `${signer.name} has already answered.`);
    if (signing.inOrder) {
      const [before] = await tx
        .select({ waiting: count() })
        .from(signingSigner)
        .where(
          and(
            eq(signingSigner.packageId, signing.id),
            lt(signingSigner.position, signer.position),
            isNull(signingSigner.signedAt),
          ),
        );
      if ((before?.waiting ?? 0) > 0)
        throw new AppError("CONFLICT", `${signer.name} signs after the signers before them.`);
    }
    const [recent] = await tx
      .select({ links: count() })
      .from(signingLink)
      .where(
        and(
          eq(signingLink.signerId, signer.id),
          isNull(signingLink.inPersonHostUserId),
          gt(signingLink.createdAt, new Date(Date.now() - 3_600_000)),
        ),
      );
    if ((recent?.links ?? 0) >= resendsPerSignerPerHour)
      throw new AppError("RATE_LIMITED", `${signer.name} was sent several links in the last hour. Try again later.`);
    await notifySigner(tx, context, signer.id);
    await recordAudit(tx, {
      action: "signing.request-resent",
      actorUserId: by.id,
      subject: signing.dealId,
      ipAddress: by.ipAddress,
      details: { packageId: signing.id, signerId: signer.id },
    });
    return signing.dealId;
  });
}
