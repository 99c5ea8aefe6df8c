import { and, eq, inArray, isNotNull, isNull, lt, lte, notExists } from "drizzle-orm";
import { addCalendarDays, businessDayOf } from "#domain/site/business-day.ts";
import { signingReminderBusinessDays, signingReminderDue } from "#domain/signing/package-rules.ts";
import type { Database } from "../db/client.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { enqueueMail } from "../mail/enqueue-mail.ts";
import { simpleMail } from "../mail/mail-templates.ts";
import { deal } from "../deals/tables.ts";
import type { MailContext } from "../shared/request-context.ts";
import { loadWorkingCalendar } from "../working-calendar/load-working-calendar.ts";
import { notifySigner } from "./notify-signer.ts";
import { recordPackageHistory } from "./package-history.ts";
import { signingEvent, signingLink, signingPackage, signingSigner } from "./tables.ts";

/** Rows handled per pass; the next pass (an hour on) takes the rest. */
export const SIGNING_SWEEP_BATCH_SIZE = 200;

/**
 * The hourly pass over packages out for signature (docs/product-rules.md#r57-documents-and-e-signature):
 * a package past its `expires_at` becomes expired (its links end, the credit team is told, audited,
 * a step of the deal's history); a signer still to sign is reminded 1 and then 3 business days after
 * their request (the credit team's calendar, business time zone), each once, with a new link. Rows are
 * claimed with FOR UPDATE SKIP LOCKED and changed in the mails' transaction, so servers sweeping
 * together act once. Returns what it did.
 */
export async function sweepSigningRequests(
  db: Database,
  context: MailContext & { timeZone: string },
  now = new Date(),
  complete?: (packageId: string) => Promise<void>,
): Promise<{ expired: number; reminded: number; sealed: number }> {
  // A package every signer signed but that was left unsealed (a server stopped while sealing).
  const unsealed = complete
    ? await db
        .select({ id: signingPackage.id })
        .from(signingPackage)
        .where(
          and(
            eq(signingPackage.status, "sent"),
            notExists(
              db
                .select({ id: signingSigner.id })
                .from(signingSigner)
                .where(and(eq(signingSigner.packageId, signingPackage.id), isNull(signingSigner.signedAt))),
            ),
          ),
        )
        .limit(SIGNING_SWEEP_BATCH_SIZE)
    : [];
  for (const { id } of unsealed) await complete!(id);

  const expired = await db.transaction(async (tx) => {
    const due = await tx
      .select({ signing: signingPackage, accountNumber: deal.accountNumber, businessName: deal.businessName })
      .from(signingPackage)
      .innerJoin(deal, eq(deal.id, signingPackage.dealId))
      .where(and(eq(signingPackage.status, "sent"), lte(signingPackage.expiresAt, now)))
      .limit(SIGNING_SWEEP_BATCH_SIZE)
      .for("update", { of: signingPackage, skipLocked: true });
    for (const { signing, accountNumber, businessName } of due) {
      await tx
        .update(signingPackage)
        .set({ status: "expired", endedAt: now, endedReason: "The request to sign expired.", updatedAt: now })
        .where(eq(signingPackage.id, signing.id));
      const signers = tx
        .select({ id: signingSigner.id })
        .from(signingSigner)
        .where(eq(signingSigner.packageId, signing.id));
      await tx
        .update(signingLink)
        .set({ linkExpiresAt: now, codeHash: null, sessionTokenHash: null, sessionExpiresAt: null })
        .where(inArray(signingLink.signerId, signers));
      await tx.insert(signingEvent).values({ packageId: signing.id, kind: "expired" });
      await recordPackageHistory(tx, signing.dealId, { label: "Automatically," }, "Expired unsigned");
      await recordAudit(tx, {
        action: "signing.package-expired",
        subject: signing.dealId,
        details: { packageId: signing.id },
      });
      await enqueueMail(
        tx,
        simpleMail({
          to: context.creditTeamEmail,
          subject: `Documents expired unsigned: ${businessName} (${accountNumber})`,
          paragraphs: [
            "The request to sign ended before every signer signed. Void it and send a new package if the deal goes on.",
          ],
          action: { label: "Open the deal", url: `${context.publicUrl}/back-office/deals/${signing.dealId}#documents` },
          product: context.product,
        }),
        context.cipher,
      );
    }
    return due.length;
  });

  const today = businessDayOf(now, context.timeZone);
  const calendar = await loadWorkingCalendar(db, addCalendarDays(today, -30), addCalendarDays(today, 30));
  const reminded = await db.transaction(async (tx) => {
    const candidates = await tx
      .select({ signer: signingSigner, packageId: signingPackage.id })
      .from(signingSigner)
      .innerJoin(signingPackage, eq(signingPackage.id, signingSigner.packageId))
      .where(
        and(
          eq(signingPackage.status, "sent"),
          isNotNull(signingSigner.notifiedAt),
          isNull(signingSigner.signedAt),
          isNull(signingSigner.declinedAt),
          lt(signingSigner.remindersSent, signingReminderBusinessDays.length),
          // A business day is at least a calendar day: older requests only.
          lte(signingSigner.notifiedAt, new Date(now.getTime() - 86_400_000)),
        ),
      )
      .limit(SIGNING_SWEEP_BATCH_SIZE)
      .for("update", { of: signingSigner, skipLocked: true });
    let sent = 0;
    for (const { signer, packageId } of candidates) {
      if (!signingReminderDue(signer.notifiedAt!, signer.remindersSent, now, context.timeZone, calendar)) continue;
      await notifySigner(tx, context, signer.id, { reminder: true });
      await tx
        .update(signingSigner)
        .set({ remindersSent: signer.remindersSent + 1, lastRemindedAt: now, notifiedAt: signer.notifiedAt })
        .where(eq(signingSigner.id, signer.id));
      await tx.insert(signingEvent).values({ packageId, signerId: signer.id, kind: "reminded" });
      sent += 1;
    }
    return sent;
  });
  return { expired, reminded, sealed: unsealed.length };
}
