import { eq } from "drizzle-orm";
import { optOutMessages } from "#domain/leads/applicant-status.ts";
import type { DbExecutor } from "../db/client.ts";
import { statusMailOptOut, statusMailOptOutToken } from "./tables.ts";
import { AppError } from "../shared/errors.ts";
import { sha256Hex } from "../shared/crypto/link-token.ts";

/** Stops the status mails to the address the token's mail went to (idempotent). GONE when the token is unknown or purged. */
export async function optOutOfStatusMails(db: DbExecutor, token: string): Promise<void> {
  const [row] = await db
    .select({ emailHash: statusMailOptOutToken.emailHash })
    .from(statusMailOptOutToken)
    .where(eq(statusMailOptOutToken.tokenHash, sha256Hex(token)));
  if (!row) throw new AppError("GONE", optOutMessages.unknown);
  await db.insert(statusMailOptOut).values({ emailHash: row.emailHash }).onConflictDoNothing();
}
