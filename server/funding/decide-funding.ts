import { eq } from "drizzle-orm";
import { fundingAmountCents } from "#domain/funding/funding-amount.ts";
import { fundedStage, fundingDecisionProblem, fundingPreparationProblem } from "#domain/funding/funding-rules.ts";
import { businessDayOf } from "#domain/site/business-day.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { Database, Transaction } from "../db/client.ts";
import { vendorDeal } from "../deals/portal-deal-page.ts";
import { deal } from "../deals/tables.ts";
import { applyDealUpdate, type DealUpdateContext } from "../deals/update-deal.ts";
import { accrueEarnings } from "../earnings/earnings-ledger.ts";
import { AppError } from "../shared/errors.ts";
import { vendorCompany } from "../vendors/tables.ts";
import { emitWebhookEvent } from "../webhooks/emit-event.ts";
import { dealerFundingOf } from "./dealer-funding-view.ts";
import { fundingBasis } from "./funding-inputs.ts";
import { dealFunding } from "./tables.ts";

type Actor = { id: string; email: string; ipAddress: string };

/** The funding and its deal, both locked (deal first, as every deal change takes them). */
async function lockedFunding(tx: Transaction, fundingId: string) {
  const [owner] = await tx
    .select({ dealId: dealFunding.dealId })
    .from(dealFunding)
    .where(eq(dealFunding.id, fundingId));
  if (!owner) throw new AppError("NOT_FOUND", "Not found.");
  const [found] = await tx.select().from(deal).where(eq(deal.id, owner.dealId)).for("update");
  const [funding] = await tx.select().from(dealFunding).where(eq(dealFunding.id, fundingId)).for("update");
  return { found: found!, funding: funding! };
}

/**
 * The checker's approval (docs/product-rules.md#r58-verification-and-funding): never by the staff member
 * who prepared it; only if the amounts computed now are still the ones prepared (what was checked is
 * what is paid); the deal becomes Funded on today's business day, its earnings accrue at the tier of
 * the moment, and the dealer gets `deal.funded`.
 */
export async function approveFunding(
  db: Database,
  context: DealUpdateContext,
  actor: Actor,
  fundingId: string,
): Promise<string> {
  const timeZone = context.promise.timeZone;
  return db.transaction(async (tx) => {
    const { found, funding } = await lockedFunding(tx, fundingId);
    const problem = fundingDecisionProblem({ ...funding, deciderUserId: actor.id });
    if (problem) throw new AppError("CONFLICT", problem);
    // The company's row first, as the accrual takes it: a funding of the same company approved at the
    // same moment cannot change the trailing volume between this check and the accrual.
    await tx
      .select({ id: vendorCompany.id })
      .from(vendorCompany)
      .where(eq(vendorCompany.id, found.vendorCompanyId!))
      .for("update");
    const now = new Date();
    const basis = await fundingBasis(tx, found, now, timeZone);
    // What made the deal ready when the funding was prepared must still hold: staff may have moved it
    // by hand since (declined, closed), asked for a stip, or the approval may have lapsed.
    const notReady = fundingPreparationProblem({
      stage: found.stage,
      hasVendorCompany: found.vendorCompanyId !== null,
      approval: basis.approval,
      hasOpenFunding: false,
      // Refused when it was prepared, and a funding waiting for approval is never cancelled.
      hadCancelledFunding: false,
      openStips: found.openStips,
    });
    if (notReady || basis.approval !== "live")
      throw new AppError(
        "CONFLICT",
        `${notReady ?? "Not ready to fund."} Reject this funding, or approve it once that is right.`,
      );
    const same =
      basis.answerId === funding.answerId &&
      fundingAmountCents(basis.inputs) === funding.amountCents &&
      basis.inputs.earningsCents === funding.earningsCents &&
      basis.inputs.amountFinancedCents === funding.amountFinancedCents;
    if (!same)
      throw new AppError(
        "CONFLICT",
        "The amounts changed since this funding was prepared: reject it and prepare it again.",
      );
    const fundedOn = businessDayOf(now, timeZone);
    await tx
      .update(dealFunding)
      .set({ status: "approved", decidedByUserId: actor.id, decidedAt: now, fundedOn, updatedAt: now })
      .where(eq(dealFunding.id, fundingId));
    await accrueEarnings(
      tx,
      {
        vendorCompanyId: found.vendorCompanyId!,
        dealId: found.id,
        dealFundingId: fundingId,
        dealAccountNumber: found.accountNumber,
        businessName: found.businessName,
        amountFinancedCents: funding.amountFinancedCents,
      },
      now,
      timeZone,
    );
    await recordAudit(tx, {
      action: "funding.approved",
      actorUserId: actor.id,
      subject: found.id,
      ipAddress: actor.ipAddress,
      details: { fundingId, amountCents: funding.amountCents, preparedBy: funding.preparedByUserId },
    });
    await applyDealUpdate(tx, context, actor, found.id, { stage: fundedStage });
    await emitFunded(tx, found.id, timeZone);
    return found.id;
  });
}

/** `deal.funded` with the deal as it now stands and its funding. */
async function emitFunded(tx: Transaction, dealId: string, timeZone: string) {
  const [row] = await tx.select().from(deal).where(eq(deal.id, dealId));
  const funding = await dealerFundingOf(tx, dealId, timeZone);
  if (!row?.vendorCompanyId || !funding) return;
  await emitWebhookEvent(tx, row.vendorCompanyId, { type: "deal.funded", data: { ...vendorDeal(row), funding } });
}

/** The checker's refusal, with the reason the maker reads; the deal stays at Verbal. */
export async function rejectFunding(db: Database, actor: Actor, fundingId: string, reason: string): Promise<string> {
  return db.transaction(async (tx) => {
    const { found, funding } = await lockedFunding(tx, fundingId);
    const problem = fundingDecisionProblem({ ...funding, deciderUserId: actor.id });
    if (problem) throw new AppError("CONFLICT", problem);
    const now = new Date();
    await tx
      .update(dealFunding)
      .set({ status: "rejected", decidedByUserId: actor.id, decidedAt: now, rejectReason: reason, updatedAt: now })
      .where(eq(dealFunding.id, fundingId));
    await recordAudit(tx, {
      action: "funding.rejected",
      actorUserId: actor.id,
      subject: found.id,
      ipAddress: actor.ipAddress,
      details: { fundingId, reason },
    });
    return found.id;
  });
}
