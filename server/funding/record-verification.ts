import { and, eq } from "drizzle-orm";
import type { VerificationInput } from "#domain/funding/back-office-contracts.ts";
import { verificationItems } from "#domain/funding/funding-shapes.ts";
import { calledAtProblem, verbalStage, verificationStageProblem } from "#domain/funding/funding-rules.ts";
import { businessWallTime } from "#domain/site/business-day.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { Database } from "../db/client.ts";
import { deal, dealDocument } from "../deals/tables.ts";
import { applyDealUpdate, type DealUpdateContext } from "../deals/update-deal.ts";
import { AppError } from "../shared/errors.ts";
import { dealVerification } from "./tables.ts";

/** "YYYY-MM-DDTHH:MM" read on the lender's wall clock. */
export function wallTimeInstant(value: string, timeZone: string): Date {
  const [day, time] = value.split("T") as [string, string];
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  return businessWallTime(day, hours + minutes / 60, timeZone);
}

/**
 * Records the verification call (docs/product-rules.md#r58-verification-and-funding): every item of the
 * checklist confirmed (the contract requires each), the signed delivery and acceptance certificate
 * among the deal's documents; the deal moves to Verbal in the same transaction. A second call
 * replaces the first (its history stays in the audit log).
 */
export async function recordVerification(
  db: Database,
  context: DealUpdateContext,
  actor: { id: string; email: string; ipAddress: string },
  dealId: string,
  input: VerificationInput,
): Promise<void> {
  const timeZone = context.promise.timeZone;
  const calledAt = wallTimeInstant(input.calledAt, timeZone);
  const problem = Number.isNaN(calledAt.getTime())
    ? "Enter the date and time of the call."
    : calledAtProblem(calledAt, new Date());
  if (problem) throw new AppError("VALIDATION_FAILED", problem, [{ path: "/calledAt", message: problem }]);
  await db.transaction(async (tx) => {
    const [found] = await tx.select().from(deal).where(eq(deal.id, dealId)).for("update");
    if (!found) throw new AppError("NOT_FOUND", "Not found.");
    const stageProblem = verificationStageProblem(found.stage);
    if (stageProblem) throw new AppError("CONFLICT", stageProblem);
    const [certificate] = await tx
      .select({ id: dealDocument.id })
      .from(dealDocument)
      .where(and(eq(dealDocument.id, input.deliveryCertificateDocumentId), eq(dealDocument.dealId, dealId)));
    if (!certificate) {
      const message = "Choose the signed delivery and acceptance certificate among the deal's documents.";
      throw new AppError("VALIDATION_FAILED", message, [{ path: "/deliveryCertificateDocumentId", message }]);
    }
    const row = {
      calledName: input.calledName,
      calledPhone: input.calledPhone,
      calledAt,
      confirmedItems: [...verificationItems],
      deliveryCertificateDocumentId: certificate.id,
      note: input.note,
      recordedByUserId: actor.id,
      recordedAt: new Date(),
    };
    await tx
      .insert(dealVerification)
      .values({ dealId, ...row })
      .onConflictDoUpdate({ target: dealVerification.dealId, set: row });
    await recordAudit(tx, {
      action: "funding.verification-recorded",
      actorUserId: actor.id,
      subject: dealId,
      ipAddress: actor.ipAddress,
      details: { calledAt: calledAt.toISOString(), certificate: certificate.id },
    });
    await applyDealUpdate(tx, context, actor, dealId, { stage: verbalStage });
  });
}
