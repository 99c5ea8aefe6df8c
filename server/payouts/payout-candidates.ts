import { and, asc, desc, eq, inArray, notExists, or } from "drizzle-orm";
import type { HoldReason } from "#domain/payouts/payout-rules.ts";
import { addCalendarDays, businessDayOf } from "#domain/site/business-day.ts";
import type { DbExecutor } from "../db/client.ts";
import { deal } from "../deals/tables.ts";
import { monthlyEarningsOwed } from "../earnings/earnings-ledger.ts";
import { earningsInFlight } from "../funding/earnings-in-flight.ts";
import { dealFunding } from "../funding/tables.ts";
import { payoutAccount } from "../payout-accounts/tables.ts";
import { usablePayoutAccount, type UsablePayoutAccount } from "../payout-accounts/usable-payout-account.ts";
import type { FieldCipher } from "../shared/crypto/field-cipher.ts";
import { vendorCompany } from "../vendors/tables.ts";
import { payoutEntry } from "./tables.ts";

/** Something owed to a dealer now: a deal's approved funding, or a monthly company's earnings. */
export type PayoutCandidate = {
  kind: "funding" | "earnings";
  fundingId: string | null;
  dealId: string | null;
  /** The deal's account number, or the earnings' month (YYYY-MM). */
  reference: string;
  businessName: string;
  vendorCompanyId: string | null;
  companyName: string;
  amountCents: number;
  /** The dealer's earnings paid inside a funding's amount (0 for monthly companies). */
  earningsCents: number;
  fundedOn: string | null;
  earningsMonth: string | null;
};

export type PayableCandidate = PayoutCandidate & { vendorCompanyId: string; account: UsablePayoutAccount };
export type HeldCandidate = PayoutCandidate & { reason: HoldReason };

/** The month before a business day's month (YYYY-MM): monthly earnings are paid for the months up to it. */
export function monthBefore(day: string): string {
  return addCalendarDays(`${day.slice(0, 7)}-01`, -1).slice(0, 7);
}

/**
 * What the next batch would pay now and what is held, with why (docs/product-rules.md#r60-payout-batches):
 * every approved funding without a sent payout entry, and each monthly company's earnings owed for the
 * months before this one; payable when the company's account is usable now (usablePayoutAccount) and
 * is not the account the same item was last returned by. Account numbers are decrypted for the payable
 * ones only, for the file being built; nothing here logs or answers them.
 */
export async function payoutCandidates(
  db: DbExecutor,
  cipher: FieldCipher,
  now: Date,
  timeZone: string,
): Promise<{ payable: PayableCandidate[]; held: HeldCandidate[] }> {
  const fundings = await db
    .select({
      fundingId: dealFunding.id,
      dealId: dealFunding.dealId,
      vendorCompanyId: dealFunding.vendorCompanyId,
      amountCents: dealFunding.amountCents,
      earningsCents: dealFunding.earningsCents,
      fundedOn: dealFunding.fundedOn,
      accountNumber: deal.accountNumber,
      businessName: deal.businessName,
      companyName: vendorCompany.name,
    })
    .from(dealFunding)
    .innerJoin(deal, eq(deal.id, dealFunding.dealId))
    .leftJoin(vendorCompany, eq(vendorCompany.id, dealFunding.vendorCompanyId))
    .where(
      and(
        eq(dealFunding.status, "approved"),
        notExists(
          db
            .select({ id: payoutEntry.id })
            .from(payoutEntry)
            .where(and(eq(payoutEntry.dealFundingId, dealFunding.id), eq(payoutEntry.status, "sent"))),
        ),
      ),
    )
    .orderBy(asc(dealFunding.fundedOn), asc(deal.accountNumber));

  const throughMonth = monthBefore(businessDayOf(now, timeZone));
  const owed = await monthlyEarningsOwed(db, throughMonth, await earningsInFlight(db));
  const alreadySent = owed.length
    ? await db
        .select({ vendorCompanyId: payoutEntry.vendorCompanyId })
        .from(payoutEntry)
        .where(
          and(
            eq(payoutEntry.kind, "earnings"),
            eq(payoutEntry.status, "sent"),
            eq(payoutEntry.earningsMonth, throughMonth),
            inArray(
              payoutEntry.vendorCompanyId,
              owed.map((row) => row.vendorCompanyId),
            ),
          ),
        )
    : [];
  const sentCompanies = new Set(alreadySent.map((row) => row.vendorCompanyId));
  const earningsOwed = owed.filter((row) => !sentCompanies.has(row.vendorCompanyId));
  const earningsCompanies = earningsOwed.length
    ? await db
        .select({ id: vendorCompany.id, name: vendorCompany.name })
        .from(vendorCompany)
        .where(
          inArray(
            vendorCompany.id,
            earningsOwed.map((row) => row.vendorCompanyId),
          ),
        )
    : [];
  const companyNames = new Map(earningsCompanies.map((company) => [company.id, company.name]));

  const candidates: PayoutCandidate[] = [
    ...fundings.map((row) => ({
      kind: "funding" as const,
      fundingId: row.fundingId,
      dealId: row.dealId,
      reference: row.accountNumber,
      businessName: row.businessName,
      vendorCompanyId: row.vendorCompanyId,
      companyName: row.companyName ?? "Direct",
      amountCents: row.amountCents,
      earningsCents: row.earningsCents,
      fundedOn: row.fundedOn,
      earningsMonth: null,
    })),
    ...earningsOwed
      .map((row) => ({
        kind: "earnings" as const,
        fundingId: null,
        dealId: null,
        reference: throughMonth,
        businessName: companyNames.get(row.vendorCompanyId) ?? "",
        vendorCompanyId: row.vendorCompanyId,
        companyName: companyNames.get(row.vendorCompanyId) ?? "",
        amountCents: row.amountCents,
        earningsCents: 0,
        fundedOn: null,
        earningsMonth: throughMonth,
      }))
      .sort((a, b) => a.companyName.localeCompare(b.companyName)),
  ];

  // The last return of each funding (and of each company's earnings for the month), newest first.
  const fundingIds = fundings.map((row) => row.fundingId);
  const returns = candidates.length
    ? await db
        .select({
          dealFundingId: payoutEntry.dealFundingId,
          vendorCompanyId: payoutEntry.vendorCompanyId,
          kind: payoutEntry.kind,
          earningsMonth: payoutEntry.earningsMonth,
          payoutAccountId: payoutEntry.payoutAccountId,
          returnCode: payoutEntry.returnCode,
          accountLast4: payoutEntry.accountNumberLast4,
        })
        .from(payoutEntry)
        .where(
          and(
            eq(payoutEntry.status, "returned"),
            or(
              fundingIds.length ? inArray(payoutEntry.dealFundingId, fundingIds) : undefined,
              earningsOwed.length
                ? and(
                    eq(payoutEntry.kind, "earnings"),
                    inArray(
                      payoutEntry.vendorCompanyId,
                      earningsOwed.map((row) => row.vendorCompanyId),
                    ),
                  )
                : undefined,
            ),
          ),
        )
        .orderBy(desc(payoutEntry.returnedAt))
    : [];
  const lastReturn = (candidate: PayoutCandidate) =>
    returns.find((row) =>
      candidate.kind === "funding"
        ? row.dealFundingId === candidate.fundingId
        : row.kind === "earnings" && row.vendorCompanyId === candidate.vendorCompanyId,
    );

  const accounts = new Map<string, UsablePayoutAccount | null>();
  const holds = new Map<string, HoldReason>();
  for (const companyId of new Set(candidates.flatMap((c) => (c.vendorCompanyId ? [c.vendorCompanyId] : [])))) {
    const usable = await usablePayoutAccount(db, cipher, companyId, now);
    accounts.set(companyId, usable);
    if (usable) continue;
    const [active] = await db
      .select({ usableFrom: payoutAccount.usableFrom })
      .from(payoutAccount)
      .where(and(eq(payoutAccount.vendorCompanyId, companyId), eq(payoutAccount.status, "active")));
    holds.set(
      companyId,
      active?.usableFrom
        ? { kind: "cooling-off", until: businessDayOf(active.usableFrom, timeZone) }
        : { kind: "no-account" },
    );
  }

  const payable: PayableCandidate[] = [];
  const held: HeldCandidate[] = [];
  for (const candidate of candidates) {
    if (!candidate.vendorCompanyId) {
      held.push({ ...candidate, reason: { kind: "direct-deal" } });
      continue;
    }
    const account = accounts.get(candidate.vendorCompanyId);
    if (!account) {
      held.push({ ...candidate, reason: holds.get(candidate.vendorCompanyId) ?? { kind: "no-account" } });
      continue;
    }
    const returned = lastReturn(candidate);
    if (returned && returned.payoutAccountId === account.id) {
      held.push({
        ...candidate,
        reason: { kind: "returned", returnCode: returned.returnCode ?? "", accountLast4: returned.accountLast4 },
      });
      continue;
    }
    payable.push({ ...candidate, vendorCompanyId: candidate.vendorCompanyId, account });
  }
  return { payable, held };
}
