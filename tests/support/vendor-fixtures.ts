import { randomUUID } from "node:crypto";
import { authRoles } from "../../domain/auth/roles.ts";
import { vendorCompany } from "../../server/vendors/tables.ts";
import type { DatabaseHandle } from "../../server/db/client.ts";
import { createAccount } from "../../server/accounts/create-account.ts";
import type { Auth } from "../../server/auth/create-auth.ts";

/** A vendor company with one verified vendor user; the same helper the e2e seed uses. */
export async function createVendor(database: DatabaseHandle, auth: Auth, name: string, password = "vendor-password-1") {
  const [company] = await database.db
    .insert(vendorCompany)
    .values({ name, companyCode: String(100000 + Math.floor(Math.random() * 899999)) })
    .returning();
  const email = `${name.toLowerCase().replace(/\W+/g, "-")}-${randomUUID().slice(0, 6)}@vendor.example`;
  await createAccount(auth, { email, name: `${name} Rep`, role: authRoles.vendor, password, emailVerified: true, vendorCompanyId: company!.id });
  return { company: company!, email, password };
}

export function newDealFields(overrides: Record<string, string> = {}) {
  return {
    businessName: "granite peak excavation",
    ownersName: "maria lopez",
    businessPhone: "(559) 555-0142",
    businessEmail: "office@granitepeak.example",
    equipDesc: "Compact track loader",
    costOfEq: "85,000.00",
    downPayment: "5,000.00",
    businessTaxId: "98-7654321",
    dobContact: "1980-02-03",
    VendorComment: "",
    idempotencyKey: randomUUID(),
    ...overrides,
  };
}
