import { eq } from "drizzle-orm";
import type { DbExecutor } from "../db/client.ts";
import { session, verification } from "./tables.ts";

/**
 * Signs a user out everywhere: their sessions, and every verification row better-auth keeps for
 * them (value: the user's id): a trusted device, a sign-in waiting for its code, a mailed reset or
 * invitation link. Matched by value, not by identifier, which better-auth may store hashed.
 */
export async function endSignIns(db: DbExecutor, userId: string): Promise<void> {
  await db.delete(session).where(eq(session.userId, userId));
  await db.delete(verification).where(eq(verification.value, userId));
}
