import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { deal } from "../deals/tables.ts";
import { AppError } from "../shared/errors.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { funder, funderAnswer, funderSubmission } from "./tables.ts";

/**
 * Records that staff sent a deal to active funders: once per funder (sending again changes
 * nothing), each with a pending answer, in one transaction; audited with the funders it reached.
 */
export async function sendToFunders(
  db: Database,
  by: { userId: string; ipAddress: string },
  dealId: string,
  funderIds: readonly string[],
): Promise<void> {
  await db.transaction(async (tx) => {
    const [found] = await tx.select({ id: deal.id }).from(deal).where(eq(deal.id, dealId));
    if (!found) throw new AppError("NOT_FOUND", "Not found.");
    const funders = await tx
      .select({ id: funder.id })
      .from(funder)
      .where(and(inArray(funder.id, [...funderIds]), eq(funder.active, true)));
    if (funders.length !== new Set(funderIds).size)
      throw new AppError("NOT_FOUND", "One of these funders is not in the network or is not active.");
    const created = await tx
      .insert(funderSubmission)
      .values(funders.map((row) => ({ dealId, funderId: row.id, submittedByUserId: by.userId })))
      .onConflictDoNothing()
      .returning({ id: funderSubmission.id, funderId: funderSubmission.funderId });
    if (created.length === 0) return;
    await tx
      .insert(funderAnswer)
      .values(
        created.map((row) => ({ submissionId: row.id, decision: "pending" as const, enteredByUserId: by.userId })),
      );
    await recordAudit(tx, {
      action: "deal.sent-to-funders",
      actorUserId: by.userId,
      subject: dealId,
      ipAddress: by.ipAddress,
      details: { funderIds: created.map((row) => row.funderId) },
    });
  });
}
