import { and, eq } from "drizzle-orm";
import type { DbExecutor } from "../db/client.ts";
import { webhookEndpoint } from "./tables.ts";
import { AppError } from "../shared/errors.ts";
import type { VendorScope } from "../shared/vendor-scope.ts";

/** An endpoint of the session's company, or 404 (another company's id included; ADR 0009). */
export async function findWebhookEndpoint(db: DbExecutor, scope: VendorScope, id: string) {
  const [found] = await db
    .select()
    .from(webhookEndpoint)
    .where(and(eq(webhookEndpoint.id, id), eq(webhookEndpoint.vendorCompanyId, scope.companyId)));
  if (!found) throw new AppError("NOT_FOUND", "Not found.");
  return found;
}
