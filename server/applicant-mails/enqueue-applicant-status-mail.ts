import { eq } from "drizzle-orm";
import { applicantMailsPerAddressPerHour, type ApplicantStatus } from "#domain/leads/applicant-status.ts";
import type { DbExecutor } from "../db/client.ts";
import { statusMailOptOut, statusMailOptOutToken } from "../mail/tables.ts";
import { isUserAddress } from "../accounts/user-address.ts";
import { emailHash, newLinkToken, sha256Hex } from "../shared/crypto/link-token.ts";
import type { ApplicantPageLink, MailContext } from "../shared/request-context.ts";
import { applicantStatusMail } from "./applicant-status-mails.ts";
import { countMailsToRecipientInLastHour } from "../mail/count-mails-to-recipient.ts";
import { enqueueMail } from "../mail/enqueue-mail.ts";

/**
 * Queues the applicant's status mail (docs/product-rules.md#r36-applicant-status-mails) in the caller's transaction,
 * unless the address
 * opted out or already got its hourly share of mails (anyone can type it into a public form). Each
 * mail gets its own opt-out token (stored hashed). Returns whether a mail was queued, so the caller
 * can ask the outbox to deliver now.
 *
 * Call it once per move, where the move is saved: `received` when a credit application is stored,
 * `approved` / `docs-out` / `funded` / `declined` when the credit team moves a deal (or an
 * application) to that decision. A deal's mail (`dealId`) also carries a new link to the applicant's
 * own page (docs/product-rules.md#r56-the-applicants-page), made by the context's `applicantPageLink`
 * only when the mail is queued.
 */
export async function enqueueApplicantStatusMail(
  db: DbExecutor,
  context: MailContext & { applicantPageLink?: ApplicantPageLink },
  input: { to: string; status: ApplicantStatus; dealId?: string },
): Promise<boolean> {
  // Never to a vendor's or staff login (docs/product-rules.md#r30-never-to-a-users-address): a vendor may type its own
  // address as its customer's.
  if (await isUserAddress(db, input.to)) return false;
  const hash = emailHash(input.to);
  const [optedOut] = await db
    .select({ at: statusMailOptOut.createdAt })
    .from(statusMailOptOut)
    .where(eq(statusMailOptOut.emailHash, hash));
  if (optedOut) return false;
  if ((await countMailsToRecipientInLastHour(db, input.to)) >= applicantMailsPerAddressPerHour) return false;
  const optOutToken = newLinkToken();
  await db.insert(statusMailOptOutToken).values({ tokenHash: sha256Hex(optOutToken), emailHash: hash });
  if (input.dealId && !context.applicantPageLink) throw new Error("A deal's status mail needs applicantPageLink.");
  const pageUrl = input.dealId ? await context.applicantPageLink!(db, input.dealId) : undefined;
  await enqueueMail(
    db,
    applicantStatusMail(context, { to: input.to, status: input.status, optOutToken, pageUrl }),
    context.cipher,
  );
  return true;
}
