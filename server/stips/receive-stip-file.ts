import { and, eq } from "drizzle-orm";
import { automaticActor } from "#domain/deals/deal-field-labels.ts";
import type { VendorStip } from "#domain/stips/contracts.ts";
import { stipReviewPromise } from "#domain/stips/review-queue-contracts.ts";
import { everyStipIn, maySendFor, stageOnceStipsIn, takesFiles, type StipActor } from "#domain/stips/stip-rules.ts";
import type { Database, Transaction } from "../db/client.ts";
import { deal, dealDocument } from "../deals/tables.ts";
import { applyDealUpdate } from "../deals/update-deal.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { enqueueMail } from "../mail/enqueue-mail.ts";
import { simpleMail } from "../mail/mail-templates.ts";
import { startStipReviewClock } from "../response-times/response-clock.ts";
import { AppError } from "../shared/errors.ts";
import type { StoredUpload } from "../shared/receive-uploads.ts";
import type { DealUpdateContext } from "../deals/update-deal.ts";
import { lockedStipStatuses, vendorStips } from "./deal-stips.ts";
import { dealStip, dealStipDocument, dealStipEvent } from "./tables.ts";

/** Who sends a stip's files: a dealer's user, the applicant on their own page (no account), or staff. */
export type StipSender =
  | { kind: "dealer" | "staff"; userId: string; email: string; ipAddress: string }
  | { kind: "applicant"; ipAddress: string };

/**
 * Files sent for a stip (docs/product-rules.md#r55-stipulations), already stored and checked like
 * every upload (server/shared/receive-uploads.ts): in one transaction they become the deal's
 * documents tied to the stip, the stip is received (a rejection's reason cleared), its step kept
 * with the note, its 4-business-hour review clock started, audited, and the credit team told. When
 * every stip of the deal is in, an Approved or Docs Out deal moves to "Docs In & Review" on its own.
 * The caller found the deal in the sender's scope; the stip must be the deal's and the sender's to send.
 */
export async function receiveStipFiles(
  db: Database,
  context: DealUpdateContext,
  sender: StipSender,
  found: { id: string; businessName: string; accountNumber: string },
  stipId: string,
  files: readonly StoredUpload[],
  note: string,
): Promise<VendorStip> {
  return db.transaction(async (tx) => {
    const [stip] = await tx
      .select()
      .from(dealStip)
      .where(and(eq(dealStip.id, stipId), eq(dealStip.dealId, found.id)))
      .for("update");
    // The applicant never learns of a stip that is not theirs.
    if (!stip || (sender.kind === "applicant" && !maySendFor(stip.satisfiedBy, "applicant")))
      throw new AppError("NOT_FOUND", "Not found.");
    if (!maySendFor(stip.satisfiedBy, sender.kind as StipActor))
      throw new AppError("CONFLICT", "The credit team takes care of this stip.");
    if (!takesFiles(stip.status)) throw new AppError("CONFLICT", "This stip is already accepted or waived.");

    const who = sender.kind === "applicant" ? "the applicant" : sender.email;
    const documents = await tx
      .insert(dealDocument)
      .values(
        files.map((file) => ({
          dealId: found.id,
          slot: "stip",
          storageKey: file.storageKey,
          logicalFolder: `${sender.kind === "applicant" ? "applicant" : sender.email}/${found.businessName}`,
          originalName: file.originalName,
          contentType: file.contentType,
          size: file.size,
        })),
      )
      .returning({ id: dealDocument.id });
    await tx.insert(dealStipDocument).values(documents.map((document) => ({ documentId: document.id, stipId })));
    const now = new Date();
    await tx
      .update(dealStip)
      .set({
        status: "received",
        reason: "",
        receivedAt: stip.status === "received" && stip.receivedAt ? stip.receivedAt : now,
        updatedAt: now,
      })
      .where(eq(dealStip.id, stipId));
    const userId = sender.kind === "applicant" ? null : sender.userId;
    await tx
      .insert(dealStipEvent)
      .values({ stipId, status: "received", actorKind: sender.kind, actorUserId: userId, note });
    if (sender.kind !== "staff")
      await startStipReviewClock(tx, context.promise.timeZone, { id: stipId, from: sender.kind });
    await recordAudit(tx, {
      action: "stip.received",
      actorUserId: userId,
      subject: found.id,
      ipAddress: sender.ipAddress,
      details: { stip: stipId, documents: documents.map((document) => document.id), by: sender.kind },
    });
    await enqueueMail(
      tx,
      simpleMail({
        to: context.creditTeamEmail,
        subject: `Stip received: ${stip.name} (${found.businessName})`,
        paragraphs: [
          `${who} sent ${files.length} file(s) for "${stip.name}" on ${found.accountNumber} (${found.businessName}).`,
          `It is in the Stips to review queue: ${stipReviewPromise}.`,
        ],
        action: { label: "Open the deal", url: `${context.publicUrl}/back-office/deals/${found.id}#stips` },
        product: context.product,
      }),
      context.cipher,
    );
    await moveWhenEveryStipIn(tx, context, found.id);
    await tx.update(deal).set({ lastUpdate: now }).where(eq(deal.id, found.id));
    return (await vendorStips(tx, found.id)).find((each) => each.id === stipId)!;
  });
}

/**
 * Every stip of the deal in (received, accepted or waived): an Approved or Docs Out deal moves to
 * "Docs In & Review", by the product itself. A move the stage check refuses (an expired approval)
 * waits: the files are kept, and staff move the deal once they renew it.
 */
export async function moveWhenEveryStipIn(tx: Transaction, context: DealUpdateContext, dealId: string) {
  const statuses = await lockedStipStatuses(tx, dealId);
  if (!everyStipIn(statuses)) return;
  const [row] = await tx.select({ stage: deal.stage }).from(deal).where(eq(deal.id, dealId));
  const next = row ? stageOnceStipsIn(row.stage) : undefined;
  if (next === undefined) return;
  try {
    await context.stageCheck(tx, dealId, next);
  } catch (error) {
    if (error instanceof AppError && error.code === "CONFLICT") return;
    throw error;
  }
  await applyDealUpdate(tx, context, { automatically: automaticActor }, dealId, { stage: next as 4 });
}
