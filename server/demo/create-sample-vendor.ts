import { dealerRoles } from "#domain/auth/dealer-roles.ts";
import { authRoles } from "#domain/auth/roles.ts";
import { createAccount } from "../accounts/create-account.ts";
import type { Auth } from "../auth/create-auth.ts";
import type { Database } from "../db/client.ts";
import { vendorCompany } from "../vendors/tables.ts";

/** A vendor company with one verified vendor user, its dealer admin, who can sign in with `account.password`. */
export async function createSampleVendor(
  db: Database,
  auth: Auth,
  company: { name: string; companyCode: string },
  account: { email: string; name: string; password: string },
) {
  const [created] = await db.insert(vendorCompany).values(company).returning();
  const user = await createAccount(auth, {
    ...account,
    role: authRoles.vendor,
    emailVerified: true,
    vendorCompanyId: created!.id,
    dealerRole: dealerRoles.admin,
  });
  return { company: created!, user };
}
