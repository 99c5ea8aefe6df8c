import { and, asc, eq, isNull } from "drizzle-orm";
import { packageExpiresAt } from "#domain/signing/package-rules.ts";
import type { Database } from "../db/client.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { deal } from "../deals/tables.ts";
import { applyDealUpdate, type DealUpdateContext } from "../deals/update-deal.ts";
import { dealApproval } from "../funders/tables.ts";
import { AppError } from "../shared/errors.ts";
import { notifySigner } from "./notify-signer.ts";
import { recordPackageHistory } from "./package-history.ts";
import { emitDocumentsEvent } from "./signing-webhooks.ts";
import { signingEvent, signingPackage, signingSigner } from "./tables.ts";

/** Stages a sent package moves to Docs Out: before it, and Docs In & Review (every stip in moved it there). */
const movesToDocsOut = (stage: number) => stage === 1 || stage === 2 || stage === 4;

/**
 * Sends a draft package for signature (docs/product-rules.md#r57-documents-and-e-signature): it lasts
 * until `packageExpiresAt`; every signer is mailed a link (in order: the first only); the deal moves
 * to Docs Out through its own update (history, the dealer's and the applicant's mails, the stage
 * webhook, and the expired-approval check); `documents.sent`; audited. One transaction, the package
 * locked: a second send is a conflict.
 */
export async function sendPackage(
  db: Database,
  context: DealUpdateContext & { timeZone: string },
  by: { id: string; email: string; ipAddress: string },
  packageId: string,
): Promise<string> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ signing: signingPackage, stage: deal.stage, expiresOn: dealApproval.expiresOn })
      .from(signingPackage)
      .innerJoin(deal, eq(deal.id, signingPackage.dealId))
      .leftJoin(dealApproval, eq(dealApproval.dealId, signingPackage.dealId))
      .where(eq(signingPackage.id, packageId))
      .for("update", { of: signingPackage });
    if (!found) throw new AppError("NOT_FOUND", "Not found.");
    if (found.signing.status !== "draft") throw new AppError("CONFLICT", "These documents were already sent or ended.");
    if (!found.expiresOn) throw new AppError("CONFLICT", "Present an approval before sending documents.");
    const dealId = found.signing.dealId;
    // The deal's update checks the approval has not expired before Docs Out (approval-stage-check.ts).
    if (movesToDocsOut(found.stage)) await applyDealUpdate(tx, context, by, dealId, { stage: 3 });
    const now = new Date();
    await tx
      .update(signingPackage)
      .set({
        status: "sent",
        sentAt: now,
        sentByUserId: by.id,
        expiresAt: packageExpiresAt(now, found.expiresOn, context.timeZone),
        updatedAt: now,
      })
      .where(eq(signingPackage.id, packageId));
    const signers = await tx
      .select({ id: signingSigner.id })
      .from(signingSigner)
      .where(and(eq(signingSigner.packageId, packageId), isNull(signingSigner.notifiedAt)))
      .orderBy(asc(signingSigner.position));
    for (const signer of found.signing.inOrder ? signers.slice(0, 1) : signers)
      await notifySigner(tx, context, signer.id);
    await tx.insert(signingEvent).values({ packageId, actorUserId: by.id, kind: "sent", ipAddress: by.ipAddress });
    await recordPackageHistory(tx, dealId, { userId: by.id }, "Sent for signature");
    await emitDocumentsEvent(tx, packageId, { type: "documents.sent" });
    await recordAudit(tx, {
      action: "signing.package-sent",
      actorUserId: by.id,
      subject: dealId,
      ipAddress: by.ipAddress,
      details: { packageId, signers: signers.length },
    });
    return dealId;
  });
}
