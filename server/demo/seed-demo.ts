import { randomBytes } from "node:crypto";
import { count } from "drizzle-orm";
import { dealerRoles } from "#domain/auth/dealer-roles.ts";
import { authRoles } from "#domain/auth/roles.ts";
import type { Database } from "../db/client.ts";
import { user } from "../auth/tables.ts";
import type { Auth } from "../auth/create-auth.ts";
import { createAccount } from "../accounts/create-account.ts";
import { createDemoSamples } from "./create-demo-samples.ts";
import { createSampleVendor } from "./create-sample-vendor.ts";
import type { DemoSampleDeps } from "./demo-sample-deps.ts";

export const demoCompany = { name: "Demo Equipment Co.", companyCode: "100200" };
const otherDemoCompany = { name: "Sample — Riverbend Equipment Rentals", companyCode: "100300" };
export const demoStaffEmail = "staff@demo.example";
export const otherDemoVendorEmail = "vendor2@demo.example";
/** The demo company's sales reps (docs/product-rules.md#r53-a-dealers-team): vendor@demo.example is its dealer admin. */
export const demoRepEmails = ["rep1@demo.example", "rep2@demo.example"] as const;

export type DemoAccount = { role: string; email: string; password: string };

const generatedPassword = () => randomBytes(9).toString("base64url");

/**
 * On a database with no users: one admin and one vendor of a demo company (its dealer admin), both
 * verified. With `samples` (storage, cipher and settings of the app), also the sample data that
 * shows the product at work: two sales reps of the demo company with deals of their own, a second
 * vendor company and its vendor, deals in every stage with documents, threads and history, and
 * leads of every kind (create-demo-samples.ts).
 * Returns the accounts with their passwords (shown once), or null when users already exist.
 */
export async function seedDemo(
  db: Database,
  auth: Auth,
  passwords?: { admin: string; vendor: string; staff?: string },
  samples?: DemoSampleDeps,
): Promise<DemoAccount[] | null> {
  const [existing] = await db.select({ n: count() }).from(user);
  if ((existing?.n ?? 0) > 0) return null;
  const accounts: DemoAccount[] = [
    { role: authRoles.admin, email: "admin@demo.example", password: passwords?.admin ?? generatedPassword() },
    { role: authRoles.vendor, email: "vendor@demo.example", password: passwords?.vendor ?? generatedPassword() },
  ];
  const admin = await createAccount(auth, {
    ...accounts[0]!,
    role: authRoles.admin,
    name: "Demo Admin",
    emailVerified: true,
  });
  const vendor = await createSampleVendor(db, auth, demoCompany, { ...accounts[1]!, name: "Demo Vendor" });
  if (!samples) return accounts;

  // A second member of the credit team: a funding one of them prepares, the other approves (R58).
  const staff: DemoAccount = {
    role: authRoles.staff,
    email: demoStaffEmail,
    password: passwords?.staff ?? generatedPassword(),
  };
  const staffUser = await createAccount(auth, {
    ...staff,
    role: authRoles.staff,
    name: "Demo Staff",
    emailVerified: true,
  });
  const other: DemoAccount = { role: authRoles.vendor, email: otherDemoVendorEmail, password: generatedPassword() };
  const otherVendor = await createSampleVendor(db, auth, otherDemoCompany, {
    ...other,
    name: "Sample Vendor (Riverbend)",
  });
  const reps = await Promise.all(
    demoRepEmails.map(async (email, index) => {
      const account: DemoAccount = { role: "sales rep", email, password: generatedPassword() };
      const created = await createAccount(auth, {
        email,
        name: `Sample Rep ${index + 1}`,
        role: authRoles.vendor,
        password: account.password,
        emailVerified: true,
        vendorCompanyId: vendor.company.id,
        dealerRole: dealerRoles.rep,
      });
      return {
        account,
        person: { id: created.id, email, companyId: vendor.company.id, companyName: vendor.company.name },
      };
    }),
  );
  try {
    await createDemoSamples(db, samples, {
      reps: reps.map((rep) => rep.person),
      admin: { id: admin.id, email: accounts[0]!.email },
      staff: { id: staffUser.id, email: staff.email },
      vendor: {
        id: vendor.user.id,
        email: accounts[1]!.email,
        companyId: vendor.company.id,
        companyName: vendor.company.name,
      },
      otherVendor: {
        id: otherVendor.user.id,
        email: other.email,
        companyId: otherVendor.company.id,
        companyName: otherVendor.company.name,
      },
    });
  } catch (error) {
    // The accounts exist: their passwords must still be shown, or the demo could not be signed in to.
    console.warn(`The demo's sample data could not be completed: ${(error as Error).message}`);
  }
  return [...accounts, staff, other, ...reps.map((rep) => rep.account)];
}
