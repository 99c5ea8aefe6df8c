import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { enqueueMail } from "../mail/enqueue-mail.ts";
import { simpleMail } from "../mail/mail-templates.ts";
import { AppError } from "../shared/errors.ts";
import type { MailContext } from "../shared/request-context.ts";
import { recordPackageHistory } from "./package-history.ts";
import { signingEvent, signingLink, signingPackage, signingSigner } from "./tables.ts";

/**
 * Voids a draft or sent package with staff's reason (docs/product-rules.md#r57-documents-and-e-signature):
 * every link and session of its signers ends at once, the signers already asked who have not signed
 * or declined are told it was withdrawn (without the reason, which is the credit team's), and the
 * deal can have a new package. Completed, declined or expired packages are history: a conflict.
 * Audited; a step of the deal's history.
 */
export async function voidPackage(
  db: Database,
  context: MailContext,
  by: { id: string; ipAddress: string },
  packageId: string,
  reason: string,
): Promise<string> {
  return db.transaction(async (tx) => {
    const [found] = await tx.select().from(signingPackage).where(eq(signingPackage.id, packageId)).for("update");
    if (!found) throw new AppError("NOT_FOUND", "Not found.");
    if (found.status !== "draft" && found.status !== "sent")
      throw new AppError("CONFLICT", "Only documents being prepared or out for signature can be voided.");
    const now = new Date();
    await tx
      .update(signingPackage)
      .set({ status: "voided", endedAt: now, endedReason: reason, endedByUserId: by.id, updatedAt: now })
      .where(eq(signingPackage.id, packageId));
    const signers = await tx.select().from(signingSigner).where(eq(signingSigner.packageId, packageId));
    for (const signer of signers) {
      await tx
        .update(signingLink)
        .set({ linkExpiresAt: now, codeHash: null, sessionTokenHash: null, sessionExpiresAt: null })
        .where(eq(signingLink.signerId, signer.id));
      if (signer.notifiedAt && !signer.signedAt && !signer.declinedAt)
        await enqueueMail(
          tx,
          simpleMail({
            to: signer.email,
            subject: `Documents withdrawn: ${context.product}`,
            paragraphs: [
              `${signer.name}, the documents ${context.product} sent you to sign were withdrawn. You do not need to sign them.`,
              "Your finance specialist will contact you about what comes next.",
            ],
            product: context.product,
          }),
          context.cipher,
        );
    }
    await tx
      .insert(signingEvent)
      .values({ packageId, actorUserId: by.id, kind: "voided", detail: reason, ipAddress: by.ipAddress });
    if (found.status === "sent") await recordPackageHistory(tx, found.dealId, { userId: by.id }, `Voided: ${reason}`);
    await recordAudit(tx, {
      action: "signing.package-voided",
      actorUserId: by.id,
      subject: found.dealId,
      ipAddress: by.ipAddress,
      details: { packageId, was: found.status },
    });
    return found.dealId;
  });
}
