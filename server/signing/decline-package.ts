import { eq } from "drizzle-orm";
import { packageRefusal, signerMessages } from "#domain/signing/signer-access.ts";
import type { Database } from "../db/client.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { dealRecipientEmails } from "../auth/company-user-emails.ts";
import { deal } from "../deals/tables.ts";
import { enqueueMail } from "../mail/enqueue-mail.ts";
import { simpleMail } from "../mail/mail-templates.ts";
import { AppError } from "../shared/errors.ts";
import type { MailContext } from "../shared/request-context.ts";
import type { SignerCaller } from "./signer-session-plugin.ts";
import { recordSigningEvent, type SigningClient } from "./signing-events.ts";
import { emitDocumentsEvent } from "./signing-webhooks.ts";
import { recordPackageHistory } from "./package-history.ts";
import { signingPackage, signingSigner } from "./tables.ts";

/**
 * A signer declines to sign, with a reason (docs/product-rules.md#r57-documents-and-e-signature): the
 * package ends as declined for every signer (their sessions close at the next request), the step is
 * recorded with address and browser, the dealer's webhooks get `documents.declined`, and the credit team
 * and the dealer are mailed the signer's name and reason. Audited. Withdrawing consent is this too.
 */
export async function declinePackage(
  db: Database,
  context: MailContext,
  caller: SignerCaller,
  reason: string,
  client: SigningClient,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ pkg: signingPackage, deal })
      .from(signingPackage)
      .innerJoin(deal, eq(deal.id, signingPackage.dealId))
      .where(eq(signingPackage.id, caller.packageId))
      .for("update", { of: signingPackage });
    const now = new Date();
    if (!found) throw new AppError("GONE", signerMessages.linkUnknown);
    const closed = packageRefusal(found.pkg, now, context.product);
    if (closed) throw new AppError("GONE", closed);
    const [signer] = await tx.select().from(signingSigner).where(eq(signingSigner.id, caller.signerId));
    if (!signer) throw new AppError("GONE", signerMessages.linkUnknown);
    if (signer.signedAt) throw new AppError("CONFLICT", signerMessages.alreadySigned);
    await tx
      .update(signingPackage)
      .set({ status: "declined", endedAt: now, endedReason: reason, updatedAt: now })
      .where(eq(signingPackage.id, found.pkg.id));
    await tx
      .update(signingSigner)
      .set({ declinedAt: now, declineReason: reason, ipAddress: client.ipAddress, userAgent: client.userAgent })
      .where(eq(signingSigner.id, signer.id));
    await recordSigningEvent(tx, {
      packageId: found.pkg.id,
      signerId: signer.id,
      kind: "declined",
      actorUserId: caller.inPersonHostUserId,
      detail: reason,
      client,
      at: now,
    });
    await emitDocumentsEvent(tx, found.pkg.id, { type: "documents.declined" });
    const row = found.deal;
    const declined = `${signer.name} declined to sign the financing documents for ${row.businessName} (${row.accountNumber}).`;
    await enqueueMail(
      tx,
      simpleMail({
        to: context.creditTeamEmail,
        subject: `Documents declined: ${row.businessName} (${row.accountNumber})`,
        paragraphs: [
          declined,
          `Their reason: ${reason}`,
          "The package is closed: nobody else can sign it. Prepare new documents from the deal's page if the deal goes on.",
        ],
        action: { label: "Open the deal", url: `${context.publicUrl}/back-office/deals/${row.id}` },
        product: context.product,
      }),
      context.cipher,
    );
    for (const to of await dealRecipientEmails(tx, row))
      await enqueueMail(
        tx,
        simpleMail({
          to,
          subject: `Your customer declined to sign: ${row.businessName} (${row.accountNumber})`,
          paragraphs: [declined, `Their reason: ${reason}`, "The credit team has been told and will contact you."],
          action: { label: "Open the deal", url: `${context.publicUrl}/portal/deals/${row.id}` },
          product: context.product,
        }),
        context.cipher,
      );
    await recordPackageHistory(tx, row.id, { label: `${signer.name} (signer),` }, `Declined to sign: ${reason}`);
    await recordAudit(tx, {
      action: "signing.declined",
      actorUserId: caller.inPersonHostUserId,
      subject: row.id,
      ipAddress: client.ipAddress,
      details: { package: found.pkg.id, signer: signer.id },
    });
  });
}
