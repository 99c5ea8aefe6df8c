import { eq } from "drizzle-orm";
import type { FunderSettings } from "#domain/funders/contracts.ts";
import type { Database, DbExecutor } from "../db/client.ts";
import { user } from "../auth/tables.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { funderSetting } from "./tables.ts";

/** The network's settings (one row, inserted by migration 0022; the defaults if it were ever missing). */
export async function readFunderSettings(db: DbExecutor): Promise<FunderSettings> {
  const [row] = await db
    .select({ showFunderName: funderSetting.showFunderName, updatedAt: funderSetting.updatedAt, by: user.email })
    .from(funderSetting)
    .leftJoin(user, eq(user.id, funderSetting.updatedByUserId));
  return {
    showFunderName: row?.showFunderName ?? false,
    updatedBy: row?.by ?? null,
    updatedAt: row?.by ? row.updatedAt.toISOString() : null,
  };
}

/** Whether dealers see the presented approval's funder (docs/product-rules.md#r54-the-funder-network): admins, audited when it changes. */
export async function setShowFunderName(
  db: Database,
  by: { userId: string; ipAddress: string },
  showFunderName: boolean,
): Promise<FunderSettings> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(funderSetting).for("update");
    if (before?.showFunderName !== showFunderName) {
      await tx
        .insert(funderSetting)
        .values({ singleton: true, showFunderName, updatedByUserId: by.userId })
        .onConflictDoUpdate({
          target: funderSetting.singleton,
          set: { showFunderName, updatedByUserId: by.userId, updatedAt: new Date() },
        });
      await recordAudit(tx, {
        action: "funder.setting-changed",
        actorUserId: by.userId,
        subject: "show-funder-name",
        ipAddress: by.ipAddress,
        details: { showFunderName: { from: before?.showFunderName ?? false, to: showFunderName } },
      });
    }
    return readFunderSettings(tx);
  });
}
