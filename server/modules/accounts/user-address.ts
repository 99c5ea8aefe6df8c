import { sql } from "drizzle-orm";
import type { DbExecutor } from "../../db/client.ts";
import { user } from "../../db/schema.ts";

/**
 * Whether an e-mail address belongs to a user of the product (a vendor or staff login, active or
 * not), compared trimmed and case-insensitively. Mail meant for an applicant (the adverse-action
 * notice, status mails) never goes to such an address (decisions.md 12): a vendor who typed its
 * own address as its customer's must not receive the customer's decline.
 */
export async function isUserAddress(db: DbExecutor, address: string): Promise<boolean> {
  const normalized = address.trim().toLowerCase();
  if (normalized === "") return false;
  const [found] = await db
    .select({ id: user.id })
    .from(user)
    .where(sql`lower(${user.email}) = ${normalized}`)
    .limit(1);
  return found !== undefined;
}
