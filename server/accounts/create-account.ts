import { randomBytes } from "node:crypto";
import { dealerRoles, type DealerRole } from "#domain/auth/dealer-roles.ts";
import { authRoles, type AuthRole } from "#domain/auth/roles.ts";
import type { Auth } from "../auth/create-auth.ts";

export type NewAccount = {
  email: string;
  name: string;
  role: AuthRole;
  password: string;
  emailVerified: boolean;
  vendorCompanyId?: string | null;
  /** A vendor's role in the company; a vendor without one is a sales rep (the narrower view). */
  dealerRole?: DealerRole;
};

/** Creates a user with a password credential, the way better-auth's own sign-up stores it. */
export async function createAccount(auth: Auth, account: NewAccount): Promise<{ id: string }> {
  const context = await auth.$context;
  const user = await context.internalAdapter.createUser(
    {
      email: account.email.toLowerCase(),
      name: account.name,
      emailVerified: account.emailVerified,
      role: account.role,
      vendorCompanyId: account.vendorCompanyId ?? null,
      dealerRole: account.role === authRoles.vendor ? (account.dealerRole ?? dealerRoles.rep) : null,
      // The vendor's own code in the company's link (docs/product-rules.md#r53-a-dealers-team).
      linkCode: account.role === authRoles.vendor ? randomBytes(4).toString("hex") : null,
    },
    { method: "admin" },
  );
  await context.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: await context.password.hash(account.password),
  });
  return { id: user.id };
}
