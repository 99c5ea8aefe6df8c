import { and, eq, gt, isNotNull, isNull } from "drizzle-orm";
import { creditApplicationDraft as draftSchema, draftMessages } from "#domain/leads/credit-application-draft-schema.ts";
import type { DbExecutor } from "../db/client.ts";
import { creditApplicationDraft } from "./tables.ts";
import { AppError } from "../shared/errors.ts";
import type { FieldCipher } from "../shared/crypto/field-cipher.ts";
import { sha256Hex } from "../shared/crypto/link-token.ts";

/** A live draft's row by its link's token: not expired, used or revoked. */
function liveDraft(token: string, now: Date) {
  return and(
    eq(creditApplicationDraft.tokenHash, sha256Hex(token)),
    gt(creditApplicationDraft.expiresAt, now),
    isNull(creditApplicationDraft.usedAt),
    isNull(creditApplicationDraft.revokedAt),
    isNotNull(creditApplicationDraft.payloadEncrypted),
  );
}

/** The saved draft for a link's token; GONE (410) for an unknown, expired, replaced or used link. The link keeps working until then. */
export async function resumeCreditApplicationDraft(
  db: DbExecutor,
  cipher: FieldCipher,
  token: string,
  now = new Date(),
) {
  const [row] = await db
    .select({ payload: creditApplicationDraft.payloadEncrypted, expiresAt: creditApplicationDraft.expiresAt })
    .from(creditApplicationDraft)
    .where(liveDraft(token, now));
  if (!row?.payload) throw new AppError("GONE", draftMessages.expired);
  let draft;
  try {
    draft = draftSchema.parse(JSON.parse(cipher.decrypt(row.payload)));
  } catch {
    // A key that is gone or a damaged value: to the visitor, the link no longer works.
    throw new AppError("GONE", draftMessages.expired);
  }
  return { draft, expiresAt: row.expiresAt.toISOString() };
}

/** Submitting a resumed application ends its draft: marked used, payload deleted. */
export async function finishCreditApplicationDraft(db: DbExecutor, token: string, now = new Date()) {
  await db.update(creditApplicationDraft).set({ usedAt: now, payloadEncrypted: null }).where(liveDraft(token, now));
}
