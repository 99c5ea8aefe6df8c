import { asc, eq, sql } from "drizzle-orm";
import { dateTimeFormat } from "#domain/site/date-time-format.ts";
import type { DbExecutor } from "../db/client.ts";
import { deal } from "../deals/tables.ts";
import { enqueueMail } from "../mail/enqueue-mail.ts";
import { simpleMail } from "../mail/mail-templates.ts";
import { AppError } from "../shared/errors.ts";
import { newLinkToken, sha256Hex } from "../shared/crypto/link-token.ts";
import type { MailContext } from "../shared/request-context.ts";
import { recordSigningEvent } from "./signing-events.ts";
import { signingDocument, signingLink, signingPackage, signingSigner } from "./tables.ts";

/** What a signing mail needs: the lender's name is the product's; its dates read in the business time zone. */
export type SigningMailContext = MailContext & { timeZone: string };

/** The ceremony a request mail's link opens: the token in the fragment, which browsers never send. */
export function signingPageUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/sign#${token}`;
}

/**
 * Asks a signer to sign (docs/product-rules.md#r57-documents-and-e-signature), in the caller's
 * transaction: a new link of their own (a random token stored only as its SHA-256, working until the
 * package expires; none replaces another), the mail "Please sign your documents from <lender>" with
 * the link (its token hidden in the outbox) and a step in the package's record. A request sets
 * `notified_at` (send, resend, the next signer's turn); a reminder counts in `reminders_sent`.
 * Answers the link's token. Only a package out for signature asks anyone.
 */
export async function notifySigner(
  tx: DbExecutor,
  context: SigningMailContext,
  signerId: string,
  options: { reminder?: boolean } = {},
): Promise<{ token: string }> {
  const [found] = await tx
    .select({ signer: signingSigner, pkg: signingPackage, businessName: deal.businessName })
    .from(signingSigner)
    .innerJoin(signingPackage, eq(signingPackage.id, signingSigner.packageId))
    .innerJoin(deal, eq(deal.id, signingPackage.dealId))
    .where(eq(signingSigner.id, signerId));
  if (!found) throw new AppError("NOT_FOUND", "Not found.");
  const { signer, pkg } = found;
  if (pkg.status !== "sent" || !pkg.expiresAt)
    throw new AppError("CONFLICT", "These documents are not out for signature.");
  const titles = await tx
    .select({ title: signingDocument.title })
    .from(signingDocument)
    .where(eq(signingDocument.signerId, signerId))
    .orderBy(asc(signingDocument.position));
  const token = newLinkToken();
  await tx.insert(signingLink).values({ signerId, linkTokenHash: sha256Hex(token), linkExpiresAt: pkg.expiresAt });
  const now = new Date();
  await tx
    .update(signingSigner)
    .set(
      options.reminder
        ? { remindersSent: sql`${signingSigner.remindersSent} + 1`, lastRemindedAt: now }
        : { notifiedAt: now },
    )
    .where(eq(signingSigner.id, signerId));
  await recordSigningEvent(tx, {
    packageId: pkg.id,
    signerId,
    kind: options.reminder ? "reminded" : "notified",
    at: now,
  });
  const lender = context.product;
  const until = dateTimeFormat("en-US", {
    timeZone: context.timeZone,
    month: "long",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(pkg.expiresAt);
  await enqueueMail(
    tx,
    simpleMail({
      to: signer.email,
      subject: `${options.reminder ? "Reminder: please" : "Please"} sign your documents from ${lender}`,
      paragraphs: [
        `Hello ${signer.name},`,
        `${lender} sent you financing documents to sign for ${found.businessName}: ${titles.map((row) => row.title).join(", ")}.`,
        "Open the link, confirm the code we e-mail you, read every page and sign. It works on a phone or a computer, and you can download a copy of each document.",
        `The link works until ${until}. If you did not expect this e-mail, call your finance specialist before you sign anything.`,
      ],
      action: { label: "Review and sign your documents", url: signingPageUrl(context.publicUrl, token) },
      product: lender,
    }),
    context.cipher,
  );
  return { token };
}
