import { eq } from "drizzle-orm";
import type { DealUpdate } from "#domain/api/back-office-deals.ts";
import { stageLabel } from "#domain/deals/stages.ts";
import type { Database } from "../../db/client.ts";
import { deal, dealHistory, user } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { enqueueMail } from "../mail/enqueue-mail.ts";
import { simpleMail } from "../mail/mail-templates.ts";
import type { LeadContext } from "../leads/store-lead.ts";

const tracked = ["stage", "notes", "dealScore", "costOfEquipment", "downPayment", "declinedReceivedOn", "declinedCompletedOn", "declinedNoticeSentOn"] as const;

/**
 * Applies the credit team's edits in one transaction: each changed field is written to the
 * deal's history (who, when, from -> to); a stage change is audited and mailed to the vendor.
 */
export async function updateDeal(db: Database, context: LeadContext, actor: { id: string; email: string }, dealId: string, changes: DealUpdate) {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(deal).where(eq(deal.id, dealId)).for("update");
    if (!current) throw new AppError("NOT_FOUND", "Not found.");
    const changed = tracked.filter((field) => changes[field] !== undefined && String(changes[field] ?? "") !== String(current[field] ?? ""));
    if (changed.length === 0) return { changed: [] as string[] };

    await tx
      .update(deal)
      .set({ ...Object.fromEntries(changed.map((field) => [field, changes[field]])), lastUpdate: new Date() })
      .where(eq(deal.id, dealId));
    await tx.insert(dealHistory).values(
      changed.map((field) => ({
        dealId,
        actorUserId: actor.id,
        field,
        fromValue: String(current[field] ?? ""),
        toValue: String(changes[field] ?? ""),
      })),
    );
    if (changed.includes("stage")) {
      await recordAudit(tx, { action: "deal.stage-change", actorUserId: actor.id, subject: dealId, details: { from: current.stage, to: changes.stage } });
      const [submitter] = await tx.select({ email: user.email }).from(user).where(eq(user.id, current.submittedByUserId));
      if (submitter) {
        await enqueueMail(
          tx,
          simpleMail({
            to: submitter.email,
            subject: `${current.businessName}: ${stageLabel(changes.stage!)}`,
            paragraphs: [
              `The deal ${current.accountNumber} for ${current.businessName} moved from ${stageLabel(current.stage)} to ${stageLabel(changes.stage!)}.`,
              changes.notes ? `Note from the credit team: ${changes.notes}` : "",
            ].filter(Boolean),
            action: { label: "Open the vendor portal", url: `${context.publicUrl}/portal` },
            product: context.product,
          }),
        );
      }
    }
    return { changed: [...changed] };
  });
}
