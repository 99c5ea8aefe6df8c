import { asc, eq } from "drizzle-orm";
import { authRoles } from "#domain/auth/roles.ts";
import type { Database } from "../../db/client.ts";
import { user, vendorCompany } from "../../db/schema.ts";

/** Every vendor company with its users (the vendors screen, the deals filter). */
export async function listVendors(db: Database) {
  const companies = await db.select().from(vendorCompany).orderBy(asc(vendorCompany.name));
  const users = await db.select().from(user).where(eq(user.role, authRoles.vendor)).orderBy(asc(user.email));
  return {
    companies: companies.map((company) => ({
      id: company.id,
      name: company.name,
      companyCode: company.companyCode,
      users: users
        .filter((candidate) => candidate.vendorCompanyId === company.id)
        .map((candidate) => ({ id: candidate.id, name: candidate.name, email: candidate.email, verified: candidate.emailVerified, active: !candidate.banned })),
    })),
  };
}
