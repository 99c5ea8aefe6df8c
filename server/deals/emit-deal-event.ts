import type { DbExecutor } from "../db/client.ts";
import type { deal } from "./tables.ts";
import { vendorDeal } from "./portal-deal-page.ts";
import { emitWebhookEvent } from "../webhooks/emit-event.ts";

/** The deal events whose data is the deal alone. */
type DealEventType = "deal.created" | "deal.stage_changed" | "deal.message_created";

/**
 * A deal event whose data is the deal as GET /api/v1/deals/{id} shows it (the same function
 * builds both), as the caller's transaction has it now: pass the row after the change.
 */
export function emitDealEvent(
  tx: DbExecutor,
  type: DealEventType,
  row: typeof deal.$inferSelect,
): Promise<string | null> {
  // A direct deal has no dealer to call.
  if (row.vendorCompanyId === null) return Promise.resolve(null);
  return emitWebhookEvent(tx, row.vendorCompanyId, { type, data: vendorDeal(row) });
}
