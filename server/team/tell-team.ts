import type { DbExecutor } from "../db/client.ts";
import { companyAdminEmails } from "../auth/company-user-emails.ts";
import { enqueueMail } from "../mail/enqueue-mail.ts";
import { simpleMail } from "../mail/mail-templates.ts";
import type { MailContext } from "../shared/request-context.ts";

/**
 * Tells the company's active dealer admins (and `also`, the user the change is about) what changed
 * in the team, in the change's transaction: a change nobody hears of is how access outlives a job.
 */
export async function tellTeam(
  tx: DbExecutor,
  context: MailContext,
  companyId: string,
  change: { subject: string; paragraph: string; also?: string | null },
): Promise<void> {
  const recipients = new Set(await companyAdminEmails(tx, companyId));
  if (change.also) recipients.add(change.also);
  for (const to of recipients) {
    await enqueueMail(
      tx,
      simpleMail({
        to,
        subject: change.subject,
        paragraphs: [
          change.paragraph,
          "Your company's dealer admins see the team in the vendor portal. If this change is unexpected, tell the credit team.",
        ],
        action: { label: "Open the vendor portal", url: `${context.publicUrl}/portal` },
        product: context.product,
      }),
      context.cipher,
    );
  }
}
