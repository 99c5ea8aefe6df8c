import { and, eq } from "drizzle-orm";
import { user } from "../../server/auth/tables.ts";
import { deal } from "../../server/deals/tables.ts";
import { funderAnswer, funderSubmission } from "../../server/funders/tables.ts";
import { dealFunding } from "../../server/funding/tables.ts";
import { payoutAccount } from "../../server/payout-accounts/tables.ts";
import { approvedDeal } from "./approval-fixtures.ts";
import type { TestServer } from "./test-server.ts";

/** The staff member a session cookie belongs to. */
async function staffUserId(server: TestServer, staff: string): Promise<string> {
  const me = await server.app.inject({ method: "GET", url: "/api/me", headers: { cookie: staff } });
  if (me.statusCode !== 200) throw new Error(`/api/me: ${me.statusCode} ${me.body}`);
  return (me.json() as { user: { id: string } }).user.id;
}

/**
 * A deal of a new vendor company with an approved funding (docs/product-rules.md#r58-verification-and-funding),
 * written straight to `deal_funding` as the funding's second approval leaves it: status approved, funded
 * on `fundedOn`. The deal is made through staff's routes (approval-fixtures.ts, `approvedDeal`); the
 * amounts default to that approval's ($80,000 of equipment, $5,000 down, no fees, no earnings).
 */
export async function approvedFunding(
  server: TestServer,
  staff: string,
  companyName: string,
  funding: {
    fundedOn: string;
    amountCents?: number;
    earningsCents?: number;
    feesCents?: number;
  },
) {
  const approved = await approvedDeal(server, staff, companyName);
  const db = server.database.db;
  const [answer] = await db
    .select({ id: funderAnswer.id })
    .from(funderAnswer)
    .innerJoin(funderSubmission, eq(funderSubmission.id, funderAnswer.submissionId))
    .where(eq(funderSubmission.dealId, approved.dealId));
  const feesCents = funding.feesCents ?? 0;
  const earningsCents = funding.earningsCents ?? 0;
  const amountCents = funding.amountCents ?? 8_000_000 - 500_000 - feesCents + earningsCents;
  const staffId = await staffUserId(server, staff);
  const [row] = await db
    .insert(dealFunding)
    .values({
      dealId: approved.dealId,
      vendorCompanyId: approved.vendor.company.id,
      answerId: answer!.id,
      status: "approved",
      amountFinancedCents: 7_500_000,
      equipmentCostCents: 8_000_000,
      downPaymentCents: 500_000,
      feesCents,
      earningsCents,
      amountCents,
      preparedByUserId: staffId,
      decidedByUserId: staffId,
      decidedAt: new Date(),
      fundedOn: funding.fundedOn,
    })
    .returning({ id: dealFunding.id });
  const [dealRow] = await db
    .select({ accountNumber: deal.accountNumber })
    .from(deal)
    .where(eq(deal.id, approved.dealId));
  return { ...approved, fundingId: row!.id, amountCents, accountNumber: dealRow!.accountNumber };
}

/**
 * The company's active payout account (docs/product-rules.md#r59-payout-accounts), confirmed, usable
 * from `usableFrom` (in the past: payable now; in the future: held through its cooling-off), the
 * account number encrypted with the server's cipher as the payout-account screens store it. Any
 * active account of the company before it is replaced.
 */
export async function activePayoutAccount(
  server: TestServer,
  vendorCompanyId: string,
  options: {
    usableFrom: Date;
    routingNumber?: string;
    accountNumber?: string;
    accountType?: "checking" | "savings";
    holderName?: string;
  },
) {
  const db = server.database.db;
  const [creator] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.vendorCompanyId, vendorCompanyId))
    .limit(1);
  if (!creator) throw new Error("The company has no user to enter its account.");
  const accountNumber = options.accountNumber ?? `${Math.floor(100_000_000 + Math.random() * 899_999_999)}`;
  await db
    .update(payoutAccount)
    .set({ status: "replaced", endedAt: new Date() })
    .where(and(eq(payoutAccount.vendorCompanyId, vendorCompanyId), eq(payoutAccount.status, "active")));
  const [row] = await db
    .insert(payoutAccount)
    .values({
      vendorCompanyId,
      holderName: options.holderName ?? "Dealer Holder LLC",
      routingNumber: options.routingNumber ?? "011000015",
      accountNumberEncrypted: server.cipher.encrypt(accountNumber),
      accountNumberLast4: accountNumber.slice(-4),
      accountType: options.accountType ?? "checking",
      status: "active",
      createdByUserId: creator.id,
      confirmedAt: new Date(options.usableFrom.getTime() - 3 * 86_400_000),
      confirmedByUserId: creator.id,
      usableFrom: options.usableFrom,
    })
    .returning({ id: payoutAccount.id });
  return { id: row!.id, accountNumber, routingNumber: options.routingNumber ?? "011000015" };
}
