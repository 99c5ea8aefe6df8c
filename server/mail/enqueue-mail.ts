import type { DbExecutor } from "../db/client.ts";
import { mailOutbox, type MailAttachment } from "./tables.ts";
import { wakeAfterCommit } from "../db/wake-after-commit.ts";
import type { FieldCipher } from "../shared/crypto/field-cipher.ts";
import { hideLinkSecrets } from "./hide-link-secrets.ts";

/**
 * A mail; its files (small ones: a quote's or a notice's PDF) are kept in the outbox row, base64.
 * `secrets`: text in it that no copy may hold readable (a one-time code), hidden like a link's fragment.
 */
export type OutgoingMail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: MailAttachment[];
  secrets?: readonly string[];
};

/**
 * Mail is never sent inline: it is written to the outbox (in the caller's transaction when
 * given one) and delivered by the outbox worker, woken once it commits, so a dead SMTP server loses nothing. The row
 * keeps
 * every link's fragment hidden (hide-link-secrets.ts): give the cipher to any mail with a secret
 * link or typed text, whose fragments then go out whole.
 */
export async function enqueueMail(db: DbExecutor, mail: OutgoingMail, cipher?: FieldCipher): Promise<string> {
  const [row] = await db.insert(mailOutbox).values(hideLinkSecrets(mail, cipher)).returning({ id: mailOutbox.id });
  wakeAfterCommit(db, "mail");
  return row!.id;
}
