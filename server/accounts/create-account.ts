import type { AuthRole } from "#domain/auth/roles.ts";
import type { Auth } from "../auth/create-auth.ts";

export type NewAccount = {
  email: string;
  name: string;
  role: AuthRole;
  password: string;
  emailVerified: boolean;
  vendorCompanyId?: string | null;
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
