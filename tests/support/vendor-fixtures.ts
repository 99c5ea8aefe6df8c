import { randomUUID } from "node:crypto";
import type { DatabaseHandle } from "../../server/db/client.ts";
import type { Auth } from "../../server/auth/create-auth.ts";
import { createSampleVendor } from "../../server/demo/create-sample-vendor.ts";

/** A vendor company (random code) with one verified vendor user (random address); the same helper the demo seed uses. */
export async function createVendor(database: DatabaseHandle, auth: Auth, name: string, password = "vendor-password-1") {
  const email = `${name.toLowerCase().replace(/\W+/g, "-")}-${randomUUID().slice(0, 6)}@vendor.example`;
  const { company } = await createSampleVendor(
    database.db,
    auth,
    { name, companyCode: String(100000 + Math.floor(Math.random() * 899999)) },
    { email, name: `${name} Rep`, password },
  );
  return { company, email, password };
}
