import { eq, sql } from "drizzle-orm";
import { quoteLinkGoneMessage, type QuotePrefill } from "#domain/quotes/public-contracts.ts";
import { quoteLinkUsable } from "#domain/quotes/vendor-quote.ts";
import type { Database, DbExecutor } from "../db/client.ts";
import { vendorQuote } from "./tables.ts";
import { vendorCompany } from "../vendors/tables.ts";
import { AppError } from "../shared/errors.ts";
import { emitWebhookEvent } from "../webhooks/emit-event.ts";
import { hashQuoteToken } from "./quote-token.ts";

/** The quote a token stands for, while its link is usable; 404 unknown, 410 expired or withdrawn. */
async function usableQuote(db: DbExecutor, token: string, lock = false) {
  const query = db
    .select({ quote: vendorQuote, vendorName: vendorCompany.name })
    .from(vendorQuote)
    .innerJoin(vendorCompany, eq(vendorCompany.id, vendorQuote.companyId))
    .where(eq(vendorQuote.tokenHash, hashQuoteToken(token)));
  const [found] = lock ? await query.for("update", { of: vendorQuote }) : await query;
  if (!found) throw new AppError("NOT_FOUND", quoteLinkGoneMessage);
  const { quote } = found;
  if (
    !quoteLinkUsable(
      {
        withdrawn: quote.withdrawnAt !== null,
        openedAt: quote.openedAt,
        appliedAt: quote.appliedAt,
        expiresAt: quote.expiresAt,
      },
      new Date(),
    )
  ) {
    throw new AppError("GONE", quoteLinkGoneMessage);
  }
  return found;
}

/** The pre-fill of a quote link (never more than these four), recording the first opening. */
export async function openQuoteLink(db: Database, token: string): Promise<QuotePrefill> {
  const { quote, vendorName } = await usableQuote(db, token);
  if (!quote.openedAt)
    await db
      .update(vendorQuote)
      .set({ openedAt: sql`coalesce(${vendorQuote.openedAt}, now())` })
      .where(eq(vendorQuote.id, quote.id));
  return { customerName: quote.customerName, customerEmail: quote.customerEmail, price: quote.price, vendorName };
}

/**
 * Inside the credit application's transaction: marks the token's quote applied and answers its
 * company (the application belongs to it, docs/product-rules.md#r23-referred-customers-belong-to-the-company). A link
 * no longer usable changes
 * nothing and answers null: the application itself is stored all the same
 * (docs/product-rules.md#r1-leads-never-vanish).
 */
export async function markQuoteApplied(
  tx: DbExecutor,
  token: string,
  applicationId: string,
): Promise<{ companyId: string; ownerUserId: string | null } | null> {
  const quote = await usableQuote(tx, token, true).then(
    (found) => found.quote,
    (error: unknown) => {
      if (error instanceof AppError) return null;
      throw error;
    },
  );
  if (!quote) return null;
  const [applied] = await tx
    .update(vendorQuote)
    .set({ appliedAt: sql`now()`, applicationId, openedAt: sql`coalesce(${vendorQuote.openedAt}, now())` })
    .where(eq(vendorQuote.id, quote.id))
    .returning({ appliedAt: vendorQuote.appliedAt });
  await emitWebhookEvent(tx, quote.companyId, {
    type: "quote.applied",
    data: {
      id: quote.id,
      customerName: quote.customerName,
      price: quote.price,
      appliedAt: applied!.appliedAt!.toISOString(),
    },
  });
  return { companyId: quote.companyId, ownerUserId: quote.ownerUserId };
}
