import { aliasedTable, and, desc, eq, inArray } from "drizzle-orm";
import { maskedAccountNumber, payoutAccountStatusText } from "#domain/payout-accounts/payout-account-rules.ts";
import type { PayoutAccountView } from "#domain/payout-accounts/portal-contracts.ts";
import type { PayoutFactor } from "#domain/payout-accounts/portal-contracts.ts";
import { formatBusinessDateTime } from "#domain/site/business-time.ts";
import { user } from "../auth/tables.ts";
import type { DbExecutor } from "../db/client.ts";
import { payoutAccount } from "./tables.ts";

/** Rows of the history an answer carries: a company changes its account a few times a year. */
const historyLength = 50;

const enteredBy = aliasedTable(user, "entered_by");
const confirmedBy = aliasedTable(user, "confirmed_by");

/**
 * The columns a view is made of: never `account_number_encrypted` nor the code's hash, so no answer can
 * carry them (docs/product-rules.md#r59-payout-accounts).
 */
const viewColumns = {
  id: payoutAccount.id,
  holderName: payoutAccount.holderName,
  routingNumber: payoutAccount.routingNumber,
  accountNumberLast4: payoutAccount.accountNumberLast4,
  accountType: payoutAccount.accountType,
  status: payoutAccount.status,
  createdAt: payoutAccount.createdAt,
  createdByUserId: payoutAccount.createdByUserId,
  confirmedAt: payoutAccount.confirmedAt,
  usableFrom: payoutAccount.usableFrom,
  endedAt: payoutAccount.endedAt,
  enteredBy: enteredBy.name,
  confirmedBy: confirmedBy.name,
};

export type PayoutAccountRow = Pick<
  typeof payoutAccount.$inferSelect,
  | "id"
  | "holderName"
  | "routingNumber"
  | "accountNumberLast4"
  | "accountType"
  | "status"
  | "createdAt"
  | "createdByUserId"
  | "confirmedAt"
  | "usableFrom"
  | "endedAt"
> & { enteredBy: string; confirmedBy: string | null };

function selectViews(db: DbExecutor) {
  return db
    .select(viewColumns)
    .from(payoutAccount)
    .innerJoin(enteredBy, eq(enteredBy.id, payoutAccount.createdByUserId))
    .leftJoin(confirmedBy, eq(confirmedBy.id, payoutAccount.confirmedByUserId));
}

/** Who reads: the company's dealer admin ("your confirmation") or staff ("the dealer's"). */
export type Reader = "dealer" | "staff";

export function payoutAccountView(
  row: PayoutAccountRow,
  reader: Reader,
  timeZone: string,
  now: Date,
): PayoutAccountView {
  const held = row.status === "active" && row.usableFrom !== null && row.usableFrom > now;
  const heldUntil = held ? formatBusinessDateTime(row.usableFrom!, timeZone) : null;
  const statusText =
    row.status === "awaiting-confirmation" && reader === "staff"
      ? "Waiting for the dealer's confirmation"
      : payoutAccountStatusText(row.status, heldUntil);
  return {
    id: row.id,
    holderName: row.holderName,
    routingNumber: row.routingNumber,
    accountNumberMasked: maskedAccountNumber(row.accountNumberLast4),
    accountType: row.accountType,
    status: row.status,
    statusText,
    enteredAt: row.createdAt.toISOString(),
    enteredBy: row.enteredBy,
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    confirmedBy: row.confirmedBy ?? null,
    usableFrom: row.usableFrom?.toISOString() ?? null,
    heldUntil,
    endedAt: row.endedAt?.toISOString() ?? null,
  };
}

/** The company's active and awaiting accounts, and its history (newest first), as `reader` sees them. */
export async function companyPayoutAccounts(
  db: DbExecutor,
  companyId: string,
  reader: Reader,
  timeZone: string,
  now = new Date(),
) {
  const open: PayoutAccountRow[] = await selectViews(db).where(
    and(
      eq(payoutAccount.vendorCompanyId, companyId),
      inArray(payoutAccount.status, ["active", "awaiting-confirmation"]),
    ),
  );
  const history: PayoutAccountRow[] = await selectViews(db)
    .where(eq(payoutAccount.vendorCompanyId, companyId))
    .orderBy(desc(payoutAccount.createdAt), desc(payoutAccount.id))
    .limit(historyLength);
  const view = (row: PayoutAccountRow) => payoutAccountView(row, reader, timeZone, now);
  const awaiting = open.find((row) => row.status === "awaiting-confirmation");
  const current = open.find((row) => row.status === "active");
  return {
    current: current ? view(current) : null,
    awaiting: awaiting ? view(awaiting) : null,
    awaitingCreatedBy: awaiting?.createdByUserId ?? null,
    history: history.map(view),
  };
}

/** One account by id, as `reader` sees it. */
export async function onePayoutAccount(db: DbExecutor, id: string, reader: Reader, timeZone: string, now = new Date()) {
  const [row] = await selectViews(db).where(eq(payoutAccount.id, id));
  return payoutAccountView(row!, reader, timeZone, now);
}

/** The second factor a user confirms with: their authenticator app once two-factor is on, else a mailed code. */
export async function payoutFactorOf(db: DbExecutor, userId: string): Promise<PayoutFactor> {
  const [row] = await db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, userId));
  return row?.on ? "totp" : "mail";
}
