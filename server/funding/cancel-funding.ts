import { eq } from "drizzle-orm";
import { closedStage } from "#domain/funding/funding-rules.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { Database } from "../db/client.ts";
import { deal } from "../deals/tables.ts";
import { applyDealUpdate, type DealUpdateContext } from "../deals/update-deal.ts";
import { clawBackEarnings } from "../earnings/earnings-ledger.ts";
import { AppError } from "../shared/errors.ts";
import { takePayoutTurn } from "./payout-turns.ts";
import { dealFunding } from "./tables.ts";

/**
 * A funded deal is cancelled (docs/product-rules.md#r58-verification-and-funding): its funding is
 * cancelled, the deal Closed, and its earnings clawed back when it funded within the window
 * (docs/product-rules.md#r61-dealer-earnings). Money already paid is recovered outside the product.
 */
export async function cancelFunding(
  db: Database,
  context: DealUpdateContext,
  actor: { id: string; email: string; ipAddress: string },
  fundingId: string,
  reason: string,
): Promise<string> {
  return db.transaction(async (tx) => {
    await takePayoutTurn(tx);
    const [owner] = await tx
      .select({ dealId: dealFunding.dealId })
      .from(dealFunding)
      .where(eq(dealFunding.id, fundingId));
    if (!owner) throw new AppError("NOT_FOUND", "Not found.");
    await tx.select({ id: deal.id }).from(deal).where(eq(deal.id, owner.dealId)).for("update");
    const [funding] = await tx.select().from(dealFunding).where(eq(dealFunding.id, fundingId)).for("update");
    if (funding!.status !== "approved" || !funding!.fundedOn)
      throw new AppError("CONFLICT", "Only a funded deal's funding can be cancelled.");
    const now = new Date();
    await tx
      .update(dealFunding)
      .set({ status: "cancelled", cancelledAt: now, cancelledByUserId: actor.id, cancelReason: reason, updatedAt: now })
      .where(eq(dealFunding.id, fundingId));
    const clawedBackCents = await clawBackEarnings(tx, {
      dealFundingId: fundingId,
      fundedOn: funding!.fundedOn,
      cancelledAt: now,
      timeZone: context.promise.timeZone,
    });
    await recordAudit(tx, {
      action: "funding.cancelled",
      actorUserId: actor.id,
      subject: owner.dealId,
      ipAddress: actor.ipAddress,
      details: { fundingId, reason, clawedBackCents },
    });
    await applyDealUpdate(tx, context, actor, owner.dealId, { stage: closedStage });
    return owner.dealId;
  });
}
