import { sql } from "drizzle-orm";
import type { DbExecutor } from "../db/client.ts";
import { user } from "../auth/tables.ts";

/** An address as its mailbox receives it: trimmed, in lower case, without a `+tag` (me+client@x reaches me@x). */
const mailbox = (address: string) =>
  address
    .trim()
    .toLowerCase()
    .replace(/\+[^@]*@/, "@");

/**
 * Whether an e-mail address belongs to a user of the product (a vendor or staff login, active or
 * not), compared as mailboxes (case and `+tag` aside). Mail meant for an applicant (the
 * adverse-action notice, status mails) never goes to such an address
 * (docs/product-rules.md#r30-never-to-a-users-address): a vendor
 * who typed its own address, or a tagged spelling of it, as its customer's must not receive the
 * customer's decline. The user table is small (staff and dealers), so the scan is cheap.
 */
export async function isUserAddress(db: DbExecutor, address: string): Promise<boolean> {
  const wanted = mailbox(address);
  if (wanted === "") return false;
  const [found] = await db
    .select({ id: user.id })
    .from(user)
    .where(sql`regexp_replace(lower(${user.email}), '\\+[^@]*@', '@') = ${wanted}`)
    .limit(1);
  return found !== undefined;
}
