import { signOut as signOutEndpoint } from "#domain/auth/contracts.ts";
import { call } from "../../lib/call.ts";

export async function signOut(): Promise<void> {
  await call(signOutEndpoint, { body: {} });
}
