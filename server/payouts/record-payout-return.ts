import { eq } from "drizzle-orm";
import { formatCents, maskedAccount } from "#domain/payouts/payout-rules.ts";
import { returnCodeText, type ReturnCode } from "#domain/payouts/return-codes.ts";
import { formatCalendarDate } from "#domain/site/business-time.ts";
import type { Database } from "../db/client.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { companyAdminEmails } from "../auth/company-user-emails.ts";
import { deal, dealHistory } from "../deals/tables.ts";
import { reverseEarningsPaid } from "../earnings/earnings-ledger.ts";
import { dealFunding } from "../funding/tables.ts";
import { enqueueMail } from "../mail/enqueue-mail.ts";
import { simpleMail } from "../mail/mail-templates.ts";
import { AppError } from "../shared/errors.ts";
import type { MailContext } from "../shared/request-context.ts";
import { vendorCompany } from "../vendors/tables.ts";
import { payoutBatch, payoutEntry } from "./tables.ts";

/**
 * The bank returned an entry (docs/product-rules.md#r60-payout-batches): it becomes `returned` with its
 * code and note, so its funding (or month of earnings) is payable again in a later batch once the
 * company's payout account is another one; the earnings it paid are owed again on the ledger. The
 * credit team and the company's dealer admins are mailed (the account by its last four only), the
 * deal's history gets the step, and it is audited. Returns the entry's batch id.
 */
export async function recordPayoutReturn(
  db: Database,
  context: MailContext,
  actor: { id: string; ipAddress: string },
  entryId: string,
  input: { returnCode: ReturnCode; note: string },
  now = new Date(),
): Promise<string> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({
        entry: payoutEntry,
        businessDay: payoutBatch.businessDay,
        fileIdModifier: payoutBatch.fileIdModifier,
        companyName: vendorCompany.name,
      })
      .from(payoutEntry)
      .innerJoin(payoutBatch, eq(payoutBatch.id, payoutEntry.batchId))
      .innerJoin(vendorCompany, eq(vendorCompany.id, payoutEntry.vendorCompanyId))
      .where(eq(payoutEntry.id, entryId))
      .for("update", { of: payoutEntry });
    if (!found) throw new AppError("NOT_FOUND", "Not found.");
    const { entry } = found;
    if (entry.status === "returned")
      throw new AppError(
        "CONFLICT",
        `This payment's return is already recorded (${returnCodeText(entry.returnCode ?? "")}).`,
      );
    await tx
      .update(payoutEntry)
      .set({
        status: "returned",
        returnCode: input.returnCode,
        returnNote: input.note,
        returnedAt: now,
        returnedByUserId: actor.id,
      })
      .where(eq(payoutEntry.id, entry.id));
    await reverseEarningsPaid(tx, entry.id);

    const [paid] = entry.dealFundingId
      ? await tx
          .select({ dealId: deal.id, accountNumber: deal.accountNumber, businessName: deal.businessName })
          .from(dealFunding)
          .innerJoin(deal, eq(deal.id, dealFunding.dealId))
          .where(eq(dealFunding.id, entry.dealFundingId))
      : [];
    const code = returnCodeText(input.returnCode);
    const what = paid
      ? `the funding of ${paid.businessName} (${paid.accountNumber})`
      : `the earnings through ${entry.earningsMonth ?? ""}`;
    const batch = `the ACH batch of ${formatCalendarDate(found.businessDay)} (${found.fileIdModifier})`;
    if (paid)
      await tx.insert(dealHistory).values({
        dealId: paid.dealId,
        actorUserId: actor.id,
        field: "payout",
        fromValue: "",
        toValue: `Returned by the bank: ${code} (${formatCents(entry.amountCents)}, trace ${entry.traceNumber})`,
      });
    if (paid) await tx.update(deal).set({ lastUpdate: new Date() }).where(eq(deal.id, paid.dealId));
    await recordAudit(tx, {
      action: "payouts.return-recorded",
      actorUserId: actor.id,
      subject: entry.id,
      ipAddress: actor.ipAddress,
      details: {
        batchId: entry.batchId,
        returnCode: input.returnCode,
        traceNumber: entry.traceNumber,
        amountCents: entry.amountCents,
        dealId: paid?.dealId ?? null,
      },
    });

    const account = `${maskedAccount(entry.accountNumberLast4)} at routing number ${entry.routingNumber}`;
    const amount = formatCents(entry.amountCents);
    await enqueueMail(
      tx,
      simpleMail({
        to: context.creditTeamEmail,
        subject: `Payment returned: ${found.companyName}, ${amount} (${input.returnCode})`,
        paragraphs: [
          `The bank returned ${amount} to ${found.companyName} for ${what}, sent in ${batch} with trace number ${entry.traceNumber}, to the account ${account}.`,
          `Return: ${code}.${input.note ? ` Note: ${input.note}` : ""}`,
          "It is paid again in a later batch once the dealer enters another payout account (after its cooling-off period).",
        ],
        action: { label: "Open the batch", url: `${context.publicUrl}/back-office/payouts/${entry.batchId}` },
        product: context.product,
      }),
      context.cipher,
    );
    for (const to of await companyAdminEmails(tx, entry.vendorCompanyId))
      await enqueueMail(
        tx,
        simpleMail({
          to,
          subject: `A payment to ${found.companyName} was returned by your bank`,
          paragraphs: [
            `Our payment of ${amount} for ${what} to the account ${account} came back: ${code}.`,
            "Please check the account with your bank and enter the right one under Payout account in the portal; we pay again once it is confirmed and its cooling-off period has passed.",
          ],
          action: { label: "Open the portal", url: `${context.publicUrl}/portal` },
          product: context.product,
        }),
        context.cipher,
      );
    return entry.batchId;
  });
}
