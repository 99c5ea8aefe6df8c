import { randomBytes } from "node:crypto";
import { count } from "drizzle-orm";
import { authRoles } from "#domain/auth/roles.ts";
import type { Database } from "../../db/client.ts";
import { user, vendorCompany } from "../../db/schema.ts";
import type { Auth } from "../auth/create-auth.ts";
import { createAccount } from "./create-account.ts";

export const demoCompany = { name: "Demo Equipment Co.", companyCode: "100200" };

export type DemoAccount = { role: string; email: string; password: string };

const generatedPassword = () => randomBytes(9).toString("base64url");

/**
 * On a database with no users: one admin and one vendor of a demo company, both verified.
 * Returns the accounts with their passwords (shown once), or null when users already exist.
 */
export async function seedDemo(db: Database, auth: Auth, passwords?: { admin: string; vendor: string }): Promise<DemoAccount[] | null> {
  const [existing] = await db.select({ n: count() }).from(user);
  if ((existing?.n ?? 0) > 0) return null;
  const [company] = await db.insert(vendorCompany).values(demoCompany).returning();
  const accounts: DemoAccount[] = [
    { role: authRoles.admin, email: "admin@demo.example", password: passwords?.admin ?? generatedPassword() },
    { role: authRoles.vendor, email: "vendor@demo.example", password: passwords?.vendor ?? generatedPassword() },
  ];
  await createAccount(auth, { ...accounts[0]!, role: authRoles.admin, name: "Demo Admin", emailVerified: true });
  await createAccount(auth, {
    ...accounts[1]!,
    role: authRoles.vendor,
    name: "Demo Vendor",
    emailVerified: true,
    vendorCompanyId: company!.id,
  });
  return accounts;
}
