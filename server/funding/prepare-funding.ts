import { and, eq, inArray } from "drizzle-orm";
import { fundingAmountCents, fundingAmountProblem } from "#domain/funding/funding-amount.ts";
import { fundingPreparationProblem } from "#domain/funding/funding-rules.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { Database } from "../db/client.ts";
import { deal } from "../deals/tables.ts";
import { AppError } from "../shared/errors.ts";
import { fundingBasis } from "./funding-inputs.ts";
import { dealFunding } from "./tables.ts";

/**
 * The maker's half (docs/product-rules.md#r58-verification-and-funding): the funding computed from the
 * approval now, kept as computed, waiting for a second staff member. The deal's row lock keeps two
 * preparations from crossing (and the partial unique index would refuse the second).
 */
export async function prepareFunding(
  db: Database,
  actor: { id: string; ipAddress: string },
  dealId: string,
  timeZone: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [found] = await tx.select().from(deal).where(eq(deal.id, dealId)).for("update");
    if (!found) throw new AppError("NOT_FOUND", "Not found.");
    const earlier = await tx
      .select({ status: dealFunding.status })
      .from(dealFunding)
      .where(
        and(
          eq(dealFunding.dealId, dealId),
          inArray(dealFunding.status, ["awaiting-approval", "approved", "cancelled"]),
        ),
      );
    const basis = await fundingBasis(tx, found, new Date(), timeZone);
    const problem =
      fundingPreparationProblem({
        stage: found.stage,
        hasVendorCompany: found.vendorCompanyId !== null,
        approval: basis.approval,
        hasOpenFunding: earlier.some((funding) => funding.status !== "cancelled"),
        hadCancelledFunding: earlier.some((funding) => funding.status === "cancelled"),
        openStips: found.openStips,
      }) ?? (basis.approval === "live" ? fundingAmountProblem(basis.inputs) : null);
    if (problem || basis.approval !== "live") throw new AppError("CONFLICT", problem ?? "Not ready to fund.");
    const [prepared] = await tx
      .insert(dealFunding)
      .values({
        dealId,
        vendorCompanyId: found.vendorCompanyId,
        answerId: basis.answerId,
        ...basis.inputs,
        amountCents: fundingAmountCents(basis.inputs),
        preparedByUserId: actor.id,
      })
      .returning({ id: dealFunding.id });
    await recordAudit(tx, {
      action: "funding.prepared",
      actorUserId: actor.id,
      subject: dealId,
      ipAddress: actor.ipAddress,
      details: { fundingId: prepared!.id, amountCents: fundingAmountCents(basis.inputs) },
    });
  });
}
