import { eq, sql } from "drizzle-orm";
import type { EarningsRulesView } from "#domain/earnings/tiers-contracts.ts";
import { user } from "../auth/tables.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { Database } from "../db/client.ts";
import { loadEarningsRules } from "./earnings-ledger.ts";
import { earningsSetting, earningsTier } from "./tables.ts";

/** The rules with who saved them last (the back office's tiers screen). */
export async function readEarningsRules(db: Database) {
  const [rules, [setting]] = await Promise.all([
    loadEarningsRules(db),
    db
      .select({ updatedAt: earningsSetting.updatedAt, updatedBy: user.name })
      .from(earningsSetting)
      .leftJoin(user, eq(user.id, earningsSetting.updatedByUserId)),
  ]);
  return {
    ...rules,
    updatedBy: setting?.updatedBy ?? null,
    updatedAt: setting?.updatedBy ? setting.updatedAt.toISOString() : null,
  };
}

/**
 * Replaces the tiers and the windows as a whole, in one transaction (docs/product-rules.md#r61-dealer-earnings):
 * the settings' row locked first, so two admins saving at once save one after the other and each
 * audit entry's "before" is what the other saved; audited `earnings.tiers-changed` with before and after.
 * Earnings already accrued keep the tier and points written on their line.
 */
export async function saveEarningsRules(
  db: Database,
  actor: { userId: string; ipAddress: string },
  rules: EarningsRulesView,
): Promise<EarningsRulesView> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select singleton from earnings_setting where singleton for update`);
    const before = await loadEarningsRules(tx);
    await tx.delete(earningsTier);
    await tx.insert(earningsTier).values(
      rules.tiers.map((tier, index) => ({
        position: index + 1,
        label: tier.label,
        minVolumeCents: tier.minVolumeCents,
        pointsBasisPoints: tier.pointsBasisPoints,
        updatedByUserId: actor.userId,
      })),
    );
    const now = new Date();
    await tx
      .insert(earningsSetting)
      .values({
        singleton: true,
        trailingDays: rules.trailingDays,
        clawbackDays: rules.clawbackDays,
        updatedByUserId: actor.userId,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: earningsSetting.singleton,
        set: {
          trailingDays: rules.trailingDays,
          clawbackDays: rules.clawbackDays,
          updatedByUserId: actor.userId,
          updatedAt: now,
        },
      });
    const after = { tiers: rules.tiers, trailingDays: rules.trailingDays, clawbackDays: rules.clawbackDays };
    await recordAudit(tx, {
      action: "earnings.tiers-changed",
      actorUserId: actor.userId,
      ipAddress: actor.ipAddress,
      details: { before, after },
    });
    return after;
  });
}
