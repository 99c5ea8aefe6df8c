import { and, eq, or, isNull } from "drizzle-orm";
import type { DbExecutor } from "../db/client.ts";
import { user } from "./tables.ts";

/** The active users of a vendor company: who hears about its referred deals and their stages. */
export async function companyUserEmails(tx: DbExecutor, companyId: string): Promise<string[]> {
  const rows = await tx
    .select({ email: user.email })
    .from(user)
    .where(and(eq(user.vendorCompanyId, companyId), or(isNull(user.banned), eq(user.banned, false))));
  return rows.map((row) => row.email);
}
