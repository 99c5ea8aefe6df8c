import { randomInt } from "node:crypto";
import type { Transaction } from "../db/client.ts";
import { deal, dealClient } from "./tables.ts";
import { AppError } from "../shared/errors.ts";
import { emitDealEvent } from "./emit-deal-event.ts";

/** The numbers drawn for a deal: "VP" + account, and the customer (docs/product-rules.md#r17-account-and-customer-numbers). */
export const dealNumberRanges = { account: { low: 30_000, high: 40_000 }, customer: { low: 30_000, high: 60_000 } };

/** A number in [low, high], unique: draw again on a collision. */
async function insertWithUniqueNumber<T>(
  attempt: (number: number) => Promise<T | null>,
  low: number,
  high: number,
): Promise<T> {
  for (let tries = 0; tries < 20; tries += 1) {
    const inserted = await attempt(randomInt(low, high + 1));
    if (inserted !== null) return inserted;
  }
  throw new AppError("UNAVAILABLE", "Could not allocate an account number. Please try again.");
}

/** A new deal's row as its creator fills it; the account number is drawn here. */
export type NewDealRow = Omit<typeof deal.$inferInsert, "accountNumber">;
/** A new deal's client record as its creator fills it; the deal id and customer number are set here. */
export type NewDealClientRow = Omit<typeof dealClient.$inferInsert, "dealId" | "customerNumber">;

/**
 * The rows every new deal gets, in the caller's transaction: the deal (with a unique VP account
 * number), its client record (with a unique customer number), and the company's `deal.created`
 * webhook event. Used by a vendor's new deal (create-deal.ts) and a referred one
 * (partners/create-referred-deal.ts).
 */
export async function insertDealRows(
  tx: Transaction,
  row: NewDealRow,
  client: NewDealClientRow,
): Promise<{ id: string; accountNumber: string }> {
  const created = await insertWithUniqueNumber(
    async (number) => {
      const [inserted] = await tx
        .insert(deal)
        .values({ ...row, accountNumber: `VP${number}` })
        .onConflictDoNothing()
        .returning();
      return inserted ?? null;
    },
    dealNumberRanges.account.low,
    dealNumberRanges.account.high,
  );
  await insertWithUniqueNumber(
    async (number) => {
      const [inserted] = await tx
        .insert(dealClient)
        .values({ ...client, dealId: created.id, customerNumber: number })
        .onConflictDoNothing()
        .returning({ dealId: dealClient.dealId });
      return inserted ?? null;
    },
    dealNumberRanges.customer.low,
    dealNumberRanges.customer.high,
  );
  await emitDealEvent(tx, "deal.created", created);
  return { id: created.id, accountNumber: created.accountNumber };
}
