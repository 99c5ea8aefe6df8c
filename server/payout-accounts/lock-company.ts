import { eq } from "drizzle-orm";
import type { Transaction } from "../db/client.ts";
import { AppError } from "../shared/errors.ts";
import { vendorCompany } from "../vendors/tables.ts";

/**
 * Locks the company's row: a company's payout account changes (enter, code, confirm, cancel) run one at a
 * time, so two admins' clicks never race past the one-awaiting and one-active rule.
 */
export async function lockCompany(tx: Transaction, companyId: string): Promise<{ id: string; name: string }> {
  const [company] = await tx
    .select({ id: vendorCompany.id, name: vendorCompany.name })
    .from(vendorCompany)
    .where(eq(vendorCompany.id, companyId))
    .for("update");
  if (!company) throw new AppError("NOT_FOUND", "Not found.");
  return company;
}
