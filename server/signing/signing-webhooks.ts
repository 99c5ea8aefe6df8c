import { eq } from "drizzle-orm";
import type { DbExecutor } from "../db/client.ts";
import { vendorDeal } from "../deals/portal-deal-page.ts";
import { deal } from "../deals/tables.ts";
import { emitWebhookEvent } from "../webhooks/emit-event.ts";
import { dealerPackage } from "./dealer-package.ts";
import { signingPackage } from "./tables.ts";

/**
 * `documents.sent`, `.signed` (with the signer who finished), `.completed` or `.declined` for the
 * package's deal's company, in the caller's transaction, with the package as it stands now. A direct
 * deal has no dealer to call.
 */
export async function emitDocumentsEvent(
  tx: DbExecutor,
  packageId: string,
  event:
    | { type: "documents.sent" | "documents.completed" | "documents.declined" }
    | { type: "documents.signed"; signerId: string },
): Promise<void> {
  const [found] = await tx
    .select({ deal })
    .from(signingPackage)
    .innerJoin(deal, eq(deal.id, signingPackage.dealId))
    .where(eq(signingPackage.id, packageId));
  if (!found || found.deal.vendorCompanyId === null) return;
  const signing = await dealerPackage(tx, packageId);
  if (!signing) return;
  const data = { ...vendorDeal(found.deal), package: signing };
  await emitWebhookEvent(
    tx,
    found.deal.vendorCompanyId,
    event.type === "documents.signed"
      ? { type: event.type, data: { ...data, signerId: event.signerId } }
      : { type: event.type, data },
  );
}
