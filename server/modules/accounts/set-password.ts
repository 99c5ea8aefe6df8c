import type { Auth } from "../auth/create-auth.ts";

/** Sets a user's password (operator CLI). Returns false when no such user exists. */
export async function setPassword(auth: Auth, email: string, password: string): Promise<boolean> {
  const context = await auth.$context;
  const found = await context.internalAdapter.findUserByEmail(email.toLowerCase());
  if (!found) return false;
  await context.internalAdapter.updatePassword(found.user.id, await context.password.hash(password));
  return true;
}
