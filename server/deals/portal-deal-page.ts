import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { vendorHistoryFields, type VendorDeal } from "#domain/deals/portal-contracts.ts";
import type { Database } from "../db/client.ts";
import { deal, dealDocument, dealHistory, dealVendorRead } from "./tables.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { enqueueMail } from "../mail/enqueue-mail.ts";
import { simpleMail } from "../mail/mail-templates.ts";
import type { MailContext } from "../shared/request-context.ts";
import type { StoredUpload } from "../shared/receive-uploads.ts";
import { ownedInScope, type VendorScope } from "../shared/vendor-scope.ts";
import { dealOwnership } from "./deal-ownership.ts";

/**
 * The credit team wrote the deal's last message and the company has not opened the deal since.
 * Written out (the outer deal is `"deal"`), as in listDeals.
 */
export const unreadSql = sql<boolean>`coalesce((
  select m.author_role = 'staff' and m.created_at > coalesce((select r.read_at from deal_vendor_read r where r.deal_id = "deal"."id"), '-infinity'::timestamptz)
  from deal_message m where m.deal_id = "deal"."id" order by m.created_at desc limit 1
), false)`;

type FoundDeal = typeof deal.$inferSelect;

/** A deal as the vendor sees it: the deal page, GET /api/v1/deals/{id} and the deal webhook events' data. */
export function vendorDeal(found: FoundDeal): VendorDeal {
  return {
    id: found.id,
    accountNumber: found.accountNumber,
    businessName: found.businessName,
    ownersName: found.ownersName,
    stage: found.stage,
    notes: found.notes,
    dealScore: found.dealScore,
    costOfEquipment: found.costOfEquipment,
    downPayment: found.downPayment,
    description: found.description,
    submittedAt: found.createdAt.toISOString(),
    lastUpdate: found.lastUpdate.toISOString(),
    referred: found.source === "vendor-link",
  };
}

/** The deal page's details and the history a vendor may see: what changed and when, never who. */
export async function portalDealDetail(db: Database, found: FoundDeal) {
  const history = await db
    .select({ field: dealHistory.field, from: dealHistory.fromValue, to: dealHistory.toValue, at: dealHistory.at })
    .from(dealHistory)
    .where(and(eq(dealHistory.dealId, found.id), inArray(dealHistory.field, [...vendorHistoryFields])))
    .orderBy(asc(dealHistory.at));
  return {
    deal: vendorDeal(found),
    history: history.map((entry) => ({
      field: entry.field as (typeof vendorHistoryFields)[number],
      from: entry.from,
      to: entry.to,
      at: entry.at.toISOString(),
    })),
  };
}

/** The company has opened the deal (callers found it in the scope first). */
export async function markDealRead(db: Database, found: FoundDeal): Promise<void> {
  await db
    .insert(dealVendorRead)
    .values({ dealId: found.id })
    .onConflictDoUpdate({ target: dealVendorRead.dealId, set: { readAt: sql`now()` } });
}

/** How many of the company's deals carry an answer it has not opened. */
export async function unreadCount(db: Database, scope: VendorScope): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(deal)
    .where(and(ownedInScope(scope, dealOwnership), unreadSql));
  return row?.count ?? 0;
}

/**
 * Documents a vendor adds to a deal after submitting it: stored rows, an audit entry and a mail
 * to the credit team, in one transaction (the files are already in storage).
 */
export async function addDealDocuments(
  db: Database,
  context: MailContext,
  scope: VendorScope,
  found: FoundDeal,
  files: readonly StoredUpload[],
  ipAddress: string,
): Promise<{ ids: string[] }> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(dealDocument)
      .values(
        files.map((file) => ({
          ...file,
          slot: "added",
          dealId: found.id,
          logicalFolder: `${scope.email}/${found.businessName}`,
        })),
      )
      .returning({ id: dealDocument.id });
    await tx.update(deal).set({ lastUpdate: new Date() }).where(eq(deal.id, found.id));
    await recordAudit(tx, {
      action: "document.upload",
      actorUserId: scope.userId,
      subject: found.id,
      ipAddress,
      details: { documents: rows.map((row) => row.id) },
    });
    await enqueueMail(
      tx,
      simpleMail({
        to: context.creditTeamEmail,
        subject: `Documents added by ${scope.email}: ${found.businessName}`,
        paragraphs: [
          `${files.length} document(s) added to ${found.accountNumber} (${found.businessName}):`,
          files.map((file) => file.originalName).join(", "),
        ],
        action: { label: "Open the back office", url: `${context.publicUrl}/back-office/deals/${found.id}` },
        product: context.product,
      }),
      context.cipher,
    );
    return { ids: rows.map((row) => row.id) };
  });
}
