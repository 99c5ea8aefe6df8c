import { and, count, eq, lte, sql } from "drizzle-orm";
import type { NewQuoteRequest, PortalQuote } from "#domain/quotes/portal-contracts.ts";
import { parseMoney } from "#domain/pricing/money-format.ts";
import { priceVendorQuote, type QuoteTier } from "#domain/pricing/vendor-quote-pricing.ts";
import {
  canResend,
  QUOTE_MAILS_PER_RECIPIENT_PER_HOUR,
  QUOTE_SENDS_PER_HOUR,
  quoteExpiry,
} from "#domain/quotes/vendor-quote.ts";
import { formatBusinessDateTime, yearInTimeZone } from "#domain/site/business-time.ts";
import type { Database, DbExecutor } from "../db/client.ts";
import { vendorQuote, vendorQuoteMail } from "./tables.ts";
import { vendorCompany } from "../vendors/tables.ts";
import { AppError } from "../shared/errors.ts";
import { emailHash } from "../shared/crypto/link-token.ts";
import type { FieldCipher } from "../shared/crypto/field-cipher.ts";
import { ownedInScope, type VendorScope } from "../shared/vendor-scope.ts";
import { quoteOwnership } from "./quote-ownership.ts";
import { enqueueMail } from "../mail/enqueue-mail.ts";
import { listVendorQuotes } from "./portal-quote-row.ts";
import { quoteApplyUrl, quoteMail } from "./quote-mail.ts";
import { newQuoteToken } from "./quote-token.ts";
import { vendorSlugOf } from "./vendor-slug-of.ts";
import { writeQuotePdf } from "./write-quote-pdf.ts";

/** cipher: seals the quote's link in the outbox (mail/hide-link-secrets.ts). */
export type QuoteContext = { publicUrl: string; product: string; timeZone: string; cipher: FieldCipher };

/**
 * Refuses a quote mail (a send or a resend) over the hour's limits: the company's, and the
 * company's to this address. Counted from vendor_quote_mail, one row per mail, which it then adds.
 */
async function countQuoteMail(db: DbExecutor, companyId: string, customerEmail: string, sentAt: Date): Promise<void> {
  // One company's sends are serialised, so two requests cannot both pass the count.
  await db.execute(sql`select id from ${vendorCompany} where id = ${companyId} for update`);
  const hourAgo = new Date(sentAt.getTime() - 60 * 60 * 1000);
  await db
    .delete(vendorQuoteMail)
    .where(and(eq(vendorQuoteMail.companyId, companyId), lte(vendorQuoteMail.sentAt, hourAgo)));
  const recipientHash = emailHash(customerEmail);
  const [row] = await db
    .select({
      sent: count(),
      toRecipient: sql<number>`count(*) filter (where ${vendorQuoteMail.recipientHash} = ${recipientHash})::int`,
    })
    .from(vendorQuoteMail)
    .where(eq(vendorQuoteMail.companyId, companyId));
  if ((row?.sent ?? 0) >= QUOTE_SENDS_PER_HOUR) {
    throw new AppError(
      "RATE_LIMITED",
      `Your company has sent ${QUOTE_SENDS_PER_HOUR} quote e-mails in the last hour. Please try again later.`,
    );
  }
  if ((row?.toRecipient ?? 0) >= QUOTE_MAILS_PER_RECIPIENT_PER_HOUR) {
    throw new AppError(
      "RATE_LIMITED",
      `Your company has sent ${QUOTE_MAILS_PER_RECIPIENT_PER_HOUR} quote e-mails to this address in the last hour. Please try again later.`,
    );
  }
  await db.insert(vendorQuoteMail).values({ companyId, recipientHash, sentAt });
}

/** Prices the quote, writes its PDF and queues the customer's mail with a fresh link. */
async function mailQuote(
  db: DbExecutor,
  context: QuoteContext,
  quote: { companyId: string; customerName: string; customerEmail: string; price: number; tier: QuoteTier | null },
  sentAt: Date,
) {
  const pricing = priceVendorQuote(quote.price, quote.tier, yearInTimeZone(sentAt, context.timeZone));
  const [company] = await db
    .select({ name: vendorCompany.name })
    .from(vendorCompany)
    .where(eq(vendorCompany.id, quote.companyId));
  const slug = await vendorSlugOf(db, quote.companyId);
  const { token, tokenHash } = newQuoteToken();
  const expiresAt = quoteExpiry(sentAt);
  const validUntil = formatBusinessDateTime(expiresAt, context.timeZone);
  const pdf = await writeQuotePdf({
    companyName: company!.name,
    product: context.product,
    customerName: quote.customerName,
    price: quote.price,
    pricing,
    tierChosen: quote.tier !== null,
    validUntil,
    sentAt,
  });
  await enqueueMail(
    db,
    quoteMail({
      to: quote.customerEmail,
      customerName: quote.customerName,
      companyName: company!.name,
      price: quote.price,
      pricing,
      applyUrl: quoteApplyUrl(context.publicUrl, slug, token),
      validUntil,
      product: context.product,
      pdf,
    }),
    context.cipher,
  );
  return { tokenHash, expiresAt, terms: pricing.terms.map((entry) => ({ term: entry.term, payment: entry.payment })) };
}

export async function sendVendorQuote(
  db: Database,
  scope: VendorScope,
  context: QuoteContext,
  request: NewQuoteRequest,
): Promise<PortalQuote> {
  const price = parseMoney(request.price)!;
  const tier = request.tier === "" ? null : (Number(request.tier) as QuoteTier);
  const id = await db.transaction(async (tx) => {
    const sentAt = new Date();
    await countQuoteMail(tx, scope.companyId, request.customerEmail, sentAt);
    const mailed = await mailQuote(
      tx,
      context,
      {
        customerName: request.customerName,
        customerEmail: request.customerEmail,
        price,
        tier,
        companyId: scope.companyId,
      },
      sentAt,
    );
    const [row] = await tx
      .insert(vendorQuote)
      .values({
        companyId: scope.companyId,
        createdByUserId: scope.userId,
        ownerUserId: scope.userId,
        price,
        customerName: request.customerName,
        customerEmail: request.customerEmail,
        tier,
        sentAt,
        ...mailed,
      })
      .returning({ id: vendorQuote.id });
    return row!.id;
  });
  return (await listVendorQuotes(db, scope, id))[0]!;
}

/** A new link valid 30 more days; the old link stops working. */
export async function resendVendorQuote(
  db: Database,
  scope: VendorScope,
  context: QuoteContext,
  id: string,
): Promise<PortalQuote> {
  await db.transaction(async (tx) => {
    const [quote] = await tx
      .select()
      .from(vendorQuote)
      .where(and(eq(vendorQuote.id, id), ownedInScope(scope, quoteOwnership)))
      .for("update");
    if (!quote) throw new AppError("NOT_FOUND", "Not found.");
    if (
      !canResend(
        {
          withdrawn: quote.withdrawnAt !== null,
          openedAt: quote.openedAt,
          appliedAt: quote.appliedAt,
          expiresAt: quote.expiresAt,
        },
        quote.resentCount,
      )
    ) {
      throw new AppError("CONFLICT", "This quote can no longer be resent.");
    }
    const sentAt = new Date();
    await countQuoteMail(tx, scope.companyId, quote.customerEmail, sentAt);
    const mailed = await mailQuote(tx, context, { ...quote, tier: quote.tier as QuoteTier | null }, sentAt);
    await tx
      .update(vendorQuote)
      .set({ ...mailed, sentAt, openedAt: null, resentCount: quote.resentCount + 1 })
      .where(eq(vendorQuote.id, id));
  });
  return (await listVendorQuotes(db, scope, id))[0]!;
}

export async function withdrawVendorQuote(db: Database, scope: VendorScope, id: string): Promise<PortalQuote> {
  const updated = await db
    .update(vendorQuote)
    .set({ withdrawnAt: sql`coalesce(${vendorQuote.withdrawnAt}, now())` })
    .where(and(eq(vendorQuote.id, id), ownedInScope(scope, quoteOwnership)))
    .returning({ id: vendorQuote.id });
  if (updated.length === 0) throw new AppError("NOT_FOUND", "Not found.");
  return (await listVendorQuotes(db, scope, id))[0]!;
}
