import { and, eq } from "drizzle-orm";
import { monthAndYearInTimeZone } from "#domain/deals/business-month.ts";
import { newDealMessages, type NewDealClient } from "#domain/deals/new-deal-schema.ts";
import { formatUsd, parseMoney } from "#domain/pricing/money-format.ts";
import type { Database, Transaction } from "../db/client.ts";
import { deal, dealDocument, dealMessage } from "./tables.ts";
import { AppError } from "../shared/errors.ts";
import { lastFour, type FieldCipher } from "../shared/crypto/field-cipher.ts";
import { recordDuplicates } from "../duplicates/record-duplicates.ts";
import { enqueueMail } from "../mail/enqueue-mail.ts";
import { simpleMail } from "../mail/mail-templates.ts";
import type { LeadContext } from "../shared/request-context.ts";
import { startDealClock } from "../response-times/response-clock.ts";
import { insertDealRows } from "./insert-deal-rows.ts";
import type { StoredUpload } from "../shared/receive-uploads.ts";
import { ownedInScope, type VendorScope } from "../shared/vendor-scope.ts";
import { dealOwnership } from "./deal-ownership.ts";

const money = (value: string) => (value === "" ? 0 : (parseMoney(value) ?? 0));

/** The deal this key already made, or null; a colleague's deal under the same key is a conflict, never shown. */
async function existingDeal(tx: Transaction, scope: VendorScope, key: string) {
  const [found] = await tx
    .select({ id: deal.id, accountNumber: deal.accountNumber, visible: ownedInScope(scope, dealOwnership) })
    .from(deal)
    .where(and(eq(deal.vendorCompanyId, scope.companyId), eq(deal.idempotencyKey, key)));
  if (!found) return null;
  if (!found.visible) throw new AppError("CONFLICT", "This idempotency key was already used for another deal.");
  return { id: found.id, accountNumber: found.accountNumber };
}

/**
 * The deal, its client record, its documents and the credit team's mail, in one transaction.
 * The files are already stored; the caller deletes them if this throws or finds a repeat.
 */
export async function createDeal(
  db: Database,
  cipher: FieldCipher,
  context: LeadContext & { timeZone: string },
  scope: VendorScope,
  dealId: string,
  client: NewDealClient,
  files: readonly StoredUpload[],
  /** /api/v1 may create a deal without documents and add them after; the portal's dialog may not. */
  options: { documentsLater?: boolean } = {},
): Promise<{ id: string; accountNumber: string; created: boolean }> {
  if (!options.documentsLater && !files.some((file) => file.slot === "client-info"))
    throw new AppError("BAD_REQUEST", newDealMessages.noFiles);
  const { month, year } = monthAndYearInTimeZone(new Date(), context.timeZone);
  const [firstName = "", ...rest] = client.ownersName.split(/\s+/);

  return db.transaction(async (tx) => {
    const repeat = await existingDeal(tx, scope, client.idempotencyKey);
    if (repeat) return { ...repeat, created: false };
    const created = await insertDealRows(
      tx,
      {
        id: dealId,
        idempotencyKey: client.idempotencyKey,
        vendorCompanyId: scope.companyId,
        submittedByUserId: scope.userId,
        ownerUserId: scope.userId,
        businessName: client.businessName,
        ownersName: client.ownersName,
        businessPhone: client.businessPhone,
        businessEmail: client.businessEmail,
        costOfEquipment: money(client.costOfEq),
        downPayment: money(client.downPayment),
        description: client.equipDesc,
        equipmentDescription: client.equipDesc,
        monthSubmitted: month,
        yearInFile: year,
        // The vendor's comment is the thread's first message: the deal waits for the credit team's answer.
        awaitingReplySince: client.VendorComment ? new Date() : null,
      },
      {
        firstName,
        lastName: rest.join(" "),
        nameOfBusiness: client.businessName,
        emailContact: client.businessEmail,
        phoneNumber: client.businessPhone,
        businessTaxIdEncrypted: client.businessTaxId ? cipher.encrypt(client.businessTaxId) : null,
        businessTaxIdLast4: client.businessTaxId ? lastFour(client.businessTaxId) : null,
        dobEncrypted: client.dobContact ? cipher.encrypt(client.dobContact) : null,
        referralSource: scope.email,
      },
    );
    if (files.length > 0)
      await tx
        .insert(dealDocument)
        .values(files.map((file) => ({ ...file, dealId, logicalFolder: `${scope.email}/${client.businessName}` })));
    await recordDuplicates(tx, cipher, {
      type: "deal",
      id: dealId,
      taxId: client.businessTaxId,
      email: client.businessEmail,
      phone: client.businessPhone,
    });
    await startDealClock(tx, context.promise, dealId);
    if (client.VendorComment) {
      await tx
        .insert(dealMessage)
        .values({ dealId, authorUserId: scope.userId, authorRole: "vendor", body: client.VendorComment });
    }
    await enqueueMail(
      tx,
      simpleMail({
        to: context.creditTeamEmail,
        subject: `New Client from ${scope.email}`,
        paragraphs: [
          `Business: ${client.businessName}`,
          `Owner: ${client.ownersName}`,
          `Phone: ${client.businessPhone}`,
          `Account: ${created.accountNumber}; equipment: ${client.equipDesc || "(not given)"}, ${formatUsd(money(client.costOfEq))}; ${files.length} document(s).`,
        ],
        action: { label: "Open the back office", url: `${context.publicUrl}/back-office` },
        product: context.product,
      }),
      context.cipher,
    );
    return { ...created, created: true };
  });
}
