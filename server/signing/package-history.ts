import type { DbExecutor } from "../db/client.ts";
import { dealHistory } from "../deals/tables.ts";

/**
 * A step of the deal's documents in its history (the back office's deal page lists it with the
 * stage changes): "Documents" from nothing to what happened, by a user or a signer (named).
 */
export async function recordPackageHistory(
  tx: DbExecutor,
  dealId: string,
  by: { userId: string } | { label: string },
  what: string,
): Promise<void> {
  await tx.insert(dealHistory).values({
    dealId,
    actorUserId: "userId" in by ? by.userId : null,
    actorLabel: "label" in by ? by.label : null,
    field: "documents",
    fromValue: "",
    toValue: what,
  });
}
