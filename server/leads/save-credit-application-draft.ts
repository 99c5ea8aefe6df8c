import { and, eq, gt, isNull, sql } from "drizzle-orm";
import {
  draftLifetimeDays,
  draftMessages,
  draftResumeUrl,
  draftSavesPerEmailPerHour,
  type SaveDraftRequest,
} from "#domain/leads/credit-application-draft-schema.ts";
import type { Database } from "../db/client.ts";
import { creditApplicationDraft } from "./tables.ts";
import { AppError } from "../shared/errors.ts";
import type { FieldCipher } from "../shared/crypto/field-cipher.ts";
import { emailHash, newLinkToken, sha256Hex } from "../shared/crypto/link-token.ts";
import { enqueueMail } from "../mail/enqueue-mail.ts";
import { simpleMail } from "../mail/mail-templates.ts";
import type { MailContext } from "../shared/request-context.ts";

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Stores what was typed as one encrypted value and mails a link that reopens it. Drafts of one
 * e-mail address coexist, each reachable only by its own link: anyone may save for any address, so
 * a save ends only the draft whose token it carries (`replaces`, the one it was resumed from),
 * revoked and its payload dropped. The mail names no field of the application. Only the hourly
 * count per address bounds saves (and their mails): a cap on the drafts an address holds would let a
 * stranger who fills it keep the owner from saving for the drafts' whole lifetime.
 */
export async function saveCreditApplicationDraft(
  db: Database,
  cipher: FieldCipher,
  context: MailContext,
  request: SaveDraftRequest,
  now = new Date(),
) {
  const hash = emailHash(request.email);
  const token = newLinkToken();
  const expiresAt = new Date(now.getTime() + draftLifetimeDays * dayMs);
  await db.transaction(async (tx) => {
    // Serialises saves for one address, so the count and the revocation see each other.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${hash}))`);
    const [recent] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(creditApplicationDraft)
      .where(
        and(
          eq(creditApplicationDraft.emailHash, hash),
          gt(creditApplicationDraft.createdAt, new Date(now.getTime() - 60 * 60 * 1000)),
        ),
      );
    if (recent!.n >= draftSavesPerEmailPerHour) throw new AppError("RATE_LIMITED", draftMessages.tooMany);
    if (request.replaces) {
      await tx
        .update(creditApplicationDraft)
        .set({ revokedAt: now, payloadEncrypted: null })
        .where(
          and(
            eq(creditApplicationDraft.tokenHash, sha256Hex(request.replaces)),
            isNull(creditApplicationDraft.revokedAt),
            isNull(creditApplicationDraft.usedAt),
          ),
        );
    }
    await tx.insert(creditApplicationDraft).values({
      tokenHash: sha256Hex(token),
      emailHash: hash,
      payloadEncrypted: cipher.encrypt(JSON.stringify(request.draft)),
      createdAt: now,
      expiresAt,
    });
    await enqueueMail(
      tx,
      simpleMail({
        to: request.email,
        subject: `Finish your credit application with ${context.product}`,
        paragraphs: [
          `You saved your credit application. The link below reopens it on any device until ${expiresAt.toUTCString().replace(/ \d\d:\d\d:\d\d GMT$/, "")}.`,
          "It works only for this application, and only until you submit it or save it again from this link (which sends a new link; this one then stops working).",
          "What you typed is stored encrypted and nobody at our company sees it until you submit. If you do not finish, it is deleted when the link expires.",
          "If you did not ask for this, ignore this mail.",
        ],
        action: { label: "Finish my application", url: draftResumeUrl(context.publicUrl, token) },
        product: context.product,
      }),
      cipher,
    );
  });
  return { expiresAt: expiresAt.toISOString() };
}
