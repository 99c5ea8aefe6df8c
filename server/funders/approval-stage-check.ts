import { eq } from "drizzle-orm";
import { expiredApprovalProblem } from "#domain/funders/approval.ts";
import { businessDayOf } from "#domain/site/business-day.ts";
import type { DealStageCheck } from "../deals/update-deal.ts";
import { AppError } from "../shared/errors.ts";
import { dealApproval } from "./tables.ts";

/**
 * The deal update's stage check (passed in by the composition root, ADR 0021): a deal whose presented
 * approval has expired does not move to Docs Out or later until staff renew it
 * (docs/product-rules.md#r54-the-funder-network). Read in the update's transaction, after the deal's
 * row lock, so a renewal and a move never cross.
 */
export function approvalStageCheck(timeZone: string): DealStageCheck {
  return async (tx, dealId, toStage) => {
    const [approval] = await tx
      .select({ expiresOn: dealApproval.expiresOn })
      .from(dealApproval)
      .where(eq(dealApproval.dealId, dealId));
    const problem = expiredApprovalProblem(approval ?? null, toStage, businessDayOf(new Date(), timeZone));
    if (problem) throw new AppError("CONFLICT", problem);
  };
}
