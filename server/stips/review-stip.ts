import { and, eq } from "drizzle-orm";
import { reviewedStatus, type StipReview } from "#domain/stips/stip-rules.ts";
import type { Database } from "../db/client.ts";
import { deal } from "../deals/tables.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { recordFirstContact } from "../response-times/response-clock.ts";
import { AppError } from "../shared/errors.ts";
import type { DealUpdateContext } from "../deals/update-deal.ts";
import { vendorStips } from "./deal-stips.ts";
import { moveWhenEveryStipIn } from "./receive-stip-file.ts";
import { emitStipReviewed, mailDealerAboutStips } from "./stip-events.ts";
import { dealStip, dealStipEvent } from "./tables.ts";

const pastTense = { accept: "accepted", reject: "rejected", waive: "waived" } as const;

/**
 * Staff review a stip (docs/product-rules.md#r55-stipulations): accept or reject a received one,
 * or waive one not yet done, with the reason for a rejection or a waiver. Stops its review clock,
 * keeps the step, audits, tells the dealer by webhook (and by mail when it is rejected); a waiver
 * can be what brings every stip in.
 */
export async function reviewStip(
  db: Database,
  context: DealUpdateContext,
  by: { userId: string; ipAddress: string },
  dealId: string,
  stipId: string,
  input: { review: StipReview; reason: string },
) {
  await db.transaction(async (tx) => {
    const [stip] = await tx
      .select()
      .from(dealStip)
      .where(and(eq(dealStip.id, stipId), eq(dealStip.dealId, dealId)))
      .for("update");
    if (!stip) throw new AppError("NOT_FOUND", "Not found.");
    const status = reviewedStatus(stip.status, input.review);
    if (!status)
      throw new AppError(
        "CONFLICT",
        input.review === "waive"
          ? `This stip is already ${stip.status}.`
          : `Only a received stip can be ${pastTense[input.review]}: this one is ${stip.status}.`,
      );
    const reason = input.review === "accept" ? "" : input.reason;
    await tx.update(dealStip).set({ status, reason, updatedAt: new Date() }).where(eq(dealStip.id, stipId));
    await tx.insert(dealStipEvent).values({ stipId, status, actorKind: "staff", actorUserId: by.userId, note: reason });
    await recordFirstContact(tx, { type: "stip", id: stipId }, by.userId);
    await recordAudit(tx, {
      action: "stip.reviewed",
      actorUserId: by.userId,
      subject: dealId,
      ipAddress: by.ipAddress,
      details: { stip: stipId, status },
    });
    const [row] = await tx.select().from(deal).where(eq(deal.id, dealId));
    const reviewed = (await vendorStips(tx, dealId)).find((each) => each.id === stipId)!;
    await emitStipReviewed(tx, row!, reviewed);
    if (status === "rejected") await mailDealerAboutStips(tx, context, row!, { kind: "rejected", stip: reviewed });
    if (status === "waived") await moveWhenEveryStipIn(tx, context, dealId);
  });
}
