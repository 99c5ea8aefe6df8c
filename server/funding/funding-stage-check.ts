import { and, eq } from "drizzle-orm";
import { manualStageProblem } from "#domain/funding/funding-rules.ts";
import type { DealStageCheck } from "../deals/update-deal.ts";
import { AppError } from "../shared/errors.ts";
import { dealFunding, dealVerification } from "./tables.ts";

/**
 * The deal update's stage check for the stages after Docs In (docs/product-rules.md#r58-verification-and-funding):
 * Verbal needs the verification call, Funded an approved funding, and a funded deal changes stage
 * only once its funding is cancelled. Passed in by the composition root with the approval's check.
 */
export const fundingStageCheck: DealStageCheck = async (tx, dealId, toStage) => {
  const [[verification], [approved]] = await Promise.all([
    tx.select({ dealId: dealVerification.dealId }).from(dealVerification).where(eq(dealVerification.dealId, dealId)),
    tx
      .select({ id: dealFunding.id })
      .from(dealFunding)
      .where(and(eq(dealFunding.dealId, dealId), eq(dealFunding.status, "approved"))),
  ]);
  const problem = manualStageProblem({
    toStage,
    hasVerification: verification !== undefined,
    hasApprovedFunding: approved !== undefined,
  });
  if (problem) throw new AppError("CONFLICT", problem);
};

/** Both checks, the approval's first. */
export const allStageChecks =
  (...checks: DealStageCheck[]): DealStageCheck =>
  async (tx, dealId, toStage) => {
    for (const check of checks) await check(tx, dealId, toStage);
  };
