import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { duplicateLink } from "../duplicates/tables.ts";
import { AppError } from "../shared/errors.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { findDuplicateLink } from "./list-duplicates.ts";

/**
 * Merge: the two records are one file, the newer filed under the earlier (both kept, shown
 * together on each page); dismiss: not the same business. Decided once, audited.
 */
export async function decideDuplicate(
  db: Database,
  actor: { id: string; ip: string },
  id: string,
  decision: "merge" | "dismiss",
) {
  const status = decision === "merge" ? "merged" : "dismissed";
  const [updated] = await db.transaction(async (tx) => {
    const rows = await tx
      .update(duplicateLink)
      .set({ status, decidedByUserId: actor.id, decidedAt: new Date() })
      .where(and(eq(duplicateLink.id, id), eq(duplicateLink.status, "open")))
      .returning({ id: duplicateLink.id });
    if (rows.length)
      await recordAudit(tx, {
        action: `duplicate.${decision}`,
        actorUserId: actor.id,
        subject: id,
        ipAddress: actor.ip,
      });
    return rows;
  });
  const link = await findDuplicateLink(db, id);
  if (!link) throw new AppError("NOT_FOUND", "Not found.");
  if (!updated) throw new AppError("CONFLICT", `This possible duplicate was already ${link.status}.`);
  return link;
}
