import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRoles } from "#domain/auth/roles.ts";
import { dealerRoles } from "#domain/auth/dealer-roles.ts";
import type { CompanyEarnings } from "#domain/earnings/back-office-contracts.ts";
import type { DealerEarnings, EarningsGlance } from "#domain/earnings/portal-contracts.ts";
import { approvedDeal } from "../../tests/support/approval-fixtures.ts";
import { daysAgo, fundedDeal } from "../../tests/support/earnings-fixtures.ts";
import { readPdf } from "../../tests/support/pdf-text.ts";
import {
  loopbackAddress,
  signIn,
  startTestServer,
  testOrigin,
  type TestServer,
} from "../../tests/support/test-server.ts";
import { submitPortalDeal } from "../../tests/support/vendor-fixtures.ts";
import { createAccount } from "../accounts/create-account.ts";
import { auditLog } from "../audit/tables.ts";
import { user } from "../auth/tables.ts";
import { vendorCompany } from "../vendors/tables.ts";
import { clawBackEarnings, earningsBalanceCents, monthlyEarningsOwed } from "./earnings-ledger.ts";
import { earningsEntry } from "./tables.ts";

let server: TestServer;
let admin = "";
let staff = "";
let staffUserId = "";
const db = () => server.database.db;
const timeZone = () => server.config.public.brand.timeZone;

beforeAll(async () => {
  server = await startTestServer();
  for (const [email, role] of [
    ["admin@earnings.example", authRoles.admin],
    ["staff@earnings.example", authRoles.staff],
  ] as const)
    await createAccount(server.auth, {
      email,
      name: email,
      role,
      password: "earnings-password-1",
      emailVerified: true,
    });
  admin = (await signIn(server.app, "admin@earnings.example", "earnings-password-1")).cookie;
  staff = (await signIn(server.app, "staff@earnings.example", "earnings-password-1")).cookie;
  const [row] = await db().select({ id: user.id }).from(user).where(eq(user.email, "admin@earnings.example"));
  staffUserId = row!.id;
});
afterAll(() => server?.close());

const send = (method: "GET" | "PUT", url: string, cookie: string, payload?: object) =>
  server.app.inject({
    method,
    url,
    payload,
    remoteAddress: loopbackAddress(),
    headers: { cookie, origin: testOrigin },
  });

/** A company with an approved deal, and `more` further deals of its own (submitted through the portal). */
async function company(name: string, more = 0) {
  const approved = await approvedDeal(server, admin, name);
  const deals = [approved.dealId];
  for (let count = 0; count < more; count += 1)
    deals.push(await submitPortalDeal(server.app, approved.cookie, { businessName: `${name} client ${count + 2}` }));
  const fund = (index: number, amountFinancedCents: number, daysBack: number) =>
    fundedDeal(server, {
      dealId: deals[index]!,
      answerDealId: approved.dealId,
      vendorCompanyId: approved.vendor.company.id,
      staffUserId,
      amountFinancedCents,
      daysBack,
    });
  return { ...approved, companyId: approved.vendor.company.id, deals, fund };
}

describe("earnings by volume tier", () => {
  it("pays the higher tier on the deal that crosses $250,000 in the trailing window", async () => {
    const dealer = await company("Crossing Tractors", 1);
    const first = await dealer.fund(0, 20_000_000, 10);
    expect(first.quote).toMatchObject({ tierLabel: "Tier 1", pointsBasisPoints: 100, earningsCents: 200_000 });
    const second = await dealer.fund(1, 6_000_000, 0);
    expect(second.quote).toMatchObject({
      tierLabel: "Tier 2",
      pointsBasisPoints: 150,
      trailingVolumeCents: 26_000_000,
      earningsCents: 90_000,
    });
    const screen = (await send("GET", "/api/portal/earnings", dealer.cookie)).json() as DealerEarnings;
    expect(screen.tier).toEqual({ label: "Tier 2", pointsBasisPoints: 150 });
    expect(screen.trailingVolumeCents).toBe(26_000_000);
    expect(screen.next).toEqual({
      label: "Tier 3",
      pointsBasisPoints: 200,
      volumeNeededCents: 74_000_000,
      exampleEarningsCents: 100_000,
    });
    expect(screen.balanceCents).toBe(290_000);
    expect(screen.thisMonthAccruedCents).toBe(
      90_000 + (daysAgo(server, 10).day.slice(0, 7) === screen.currentMonth ? 200_000 : 0),
    );
  });

  it("stops counting a deal funded 91 days back", async () => {
    const dealer = await company("Window Tractors", 1);
    await dealer.fund(0, 20_000_000, 91);
    const today = await dealer.fund(1, 6_000_000, 0);
    expect(today.quote).toMatchObject({ tierLabel: "Tier 1", trailingVolumeCents: 6_000_000, earningsCents: 60_000 });
    const screen = (await send("GET", "/api/portal/earnings", dealer.cookie)).json() as DealerEarnings;
    expect(screen.trailingVolumeCents).toBe(6_000_000);
    expect(screen.next).toMatchObject({ label: "Tier 2", volumeNeededCents: 19_000_000, exampleEarningsCents: 75_000 });
  });

  it("claws back a deal cancelled within the window and not one cancelled after it", async () => {
    const dealer = await company("Clawback Tractors", 1);
    const recent = await dealer.fund(0, 5_000_000, 30);
    const old = await dealer.fund(1, 4_000_000, 100);
    const now = new Date();
    expect(
      await clawBackEarnings(db(), {
        dealFundingId: recent.dealFundingId,
        fundedOn: recent.fundedOn,
        cancelledAt: now,
        timeZone: timeZone(),
      }),
    ).toBe(50_000);
    // Twice: nothing more.
    expect(
      await clawBackEarnings(db(), {
        dealFundingId: recent.dealFundingId,
        fundedOn: recent.fundedOn,
        cancelledAt: now,
        timeZone: timeZone(),
      }),
    ).toBe(0);
    expect(
      await clawBackEarnings(db(), {
        dealFundingId: old.dealFundingId,
        fundedOn: old.fundedOn,
        cancelledAt: now,
        timeZone: timeZone(),
      }),
    ).toBe(0);
    expect(await earningsBalanceCents(db(), dealer.companyId)).toBe(40_000);
    const screen = (await send("GET", "/api/portal/earnings", dealer.cookie)).json() as DealerEarnings;
    // A clawed-back deal no longer counts toward the volume.
    expect(screen.trailingVolumeCents).toBe(0);
    const thisMonth = screen.months.find((month) => month.month === screen.currentMonth)!;
    expect(thisMonth.clawedBackCents).toBe(50_000);
    expect(screen.deals.find((line) => line.clawedBackCents > 0)).toMatchObject({
      amountFinancedCents: 5_000_000,
      tierLabel: "Tier 1",
      clawedBackCents: 50_000,
    });
  });

  it("takes a cancelled deal that earned nothing (a 0% tier) out of the volume all the same", async () => {
    const dealer = await company("Zero Points Tractors", 0);
    const funded = await dealer.fund(0, 5_000_000, 10);
    await db()
      .update(earningsEntry)
      .set({ amountCents: 0, pointsBasisPoints: 0 })
      .where(and(eq(earningsEntry.dealFundingId, funded.dealFundingId), eq(earningsEntry.kind, "accrued")));
    const volume = async () =>
      ((await send("GET", "/api/portal/earnings", dealer.cookie)).json() as DealerEarnings).trailingVolumeCents;
    expect(await volume()).toBe(5_000_000);
    expect(
      await clawBackEarnings(db(), {
        dealFundingId: funded.dealFundingId,
        fundedOn: funded.fundedOn,
        cancelledAt: new Date(),
        timeZone: timeZone(),
      }),
    ).toBe(0);
    expect(await volume()).toBe(0);
    expect(await earningsBalanceCents(db(), dealer.companyId)).toBe(0);
  });

  it("owes a monthly company what it accrued up to the month, once", async () => {
    const dealer = await company("Monthly Tractors", 0);
    const funded = await dealer.fund(0, 10_000_000, 0);
    const month = funded.fundedOn.slice(0, 7);
    const owed = async (through: string) =>
      (await monthlyEarningsOwed(db(), through, new Map())).find((row) => row.vendorCompanyId === dealer.companyId)
        ?.amountCents;
    const previous = `${Number(month.slice(0, 4)) - (month.endsWith("-01") ? 1 : 0)}-${month.endsWith("-01") ? "12" : String(Number(month.slice(5)) - 1).padStart(2, "0")}`;
    expect(await owed(previous)).toBeUndefined();
    expect(await owed(month)).toBe(100_000);
    // The month's payment, as recordMonthlyEarningsPaid writes it (its payout entry left out: the payouts' own suite builds one).
    await db().insert(earningsEntry).values({
      vendorCompanyId: dealer.companyId,
      dealAccountNumber: "",
      businessName: "",
      kind: "paid",
      amountCents: 100_000,
      amountFinancedCents: 0,
      tierLabel: "",
      pointsBasisPoints: 0,
      trailingVolumeCents: 0,
      month,
    });
    expect(await owed(month)).toBeUndefined();
    // Paid with each funding: never in the monthly list.
    await db()
      .update(vendorCompany)
      .set({ earningsPayout: "with-funding" })
      .where(eq(vendorCompany.id, dealer.companyId));
    expect(await owed(month)).toBeUndefined();
  });
});

describe("the dealer's screens", () => {
  it("shows a company only its own earnings, to its dealer admins only", async () => {
    const mine = await company("Scoped Tractors", 0);
    const theirs = await company("Other Scoped Tractors", 0);
    await mine.fund(0, 3_000_000, 0);
    const own = (await send("GET", "/api/portal/earnings", mine.cookie)).json() as DealerEarnings;
    expect(own.deals.map((line) => line.businessName)).toEqual(["SCOPED TRACTORS CLIENT"]);
    const other = (await send("GET", "/api/portal/earnings", theirs.cookie)).json() as DealerEarnings;
    expect(other.deals).toEqual([]);
    expect(other.balanceCents).toBe(0);
    const month = own.currentMonth;
    const otherCsv = await send("GET", `/api/portal/earnings/statements/${month}/csv`, theirs.cookie);
    expect(otherCsv.body).not.toContain("SCOPED TRACTORS CLIENT");

    await createAccount(server.auth, {
      email: "rep@scoped.example",
      name: "Scoped Rep",
      role: authRoles.vendor,
      password: "rep-password-123",
      emailVerified: true,
      vendorCompanyId: mine.companyId,
      dealerRole: dealerRoles.rep,
    });
    const rep = (await signIn(server.app, "rep@scoped.example", "rep-password-123")).cookie;
    for (const url of [
      "/api/portal/earnings",
      "/api/portal/earnings/glance",
      `/api/portal/earnings/statements/${month}/csv`,
      `/api/portal/earnings/statements/${month}/pdf`,
    ])
      expect((await send("GET", url, rep)).statusCode, url).toBe(403);
    expect((await send("GET", "/api/portal/earnings", staff)).statusCode).toBe(403);

    const glance = (await send("GET", "/api/portal/earnings/glance", mine.cookie)).json() as EarningsGlance;
    expect(glance).toEqual({ tier: { label: "Tier 1", pointsBasisPoints: 100 }, month, thisMonthAccruedCents: 30_000 });
  });

  it("writes the month's statement as CSV and PDF with the deals and totals", async () => {
    const dealer = await company("Statement Tractors", 1);
    const first = await dealer.fund(0, 12_345_600, 0);
    await dealer.fund(1, 20_000_000, 0);
    const month = first.fundedOn.slice(0, 7);
    const csv = await send("GET", `/api/portal/earnings/statements/${month}/csv`, dealer.cookie);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.headers["content-disposition"]).toBe(`attachment; filename="earnings-${month}.csv"`);
    const lines = csv.body.trimEnd().split("\r\n");
    expect(lines[0]).toBe("date,account,business,amount_financed,tier,points,accrued,paid,clawed_back");
    const [first1, second2] = [...lines.slice(1, 3)].sort((a, b) => a.length - b.length);
    expect(first1).toContain(",STATEMENT TRACTORS CLIENT,123456.00,Tier 1,1.00%,1234.56,0.00,0.00");
    // The second deal crosses $250,000: 1.50% of $200,000.
    expect(second2).toContain(",STATEMENT TRACTORS CLIENT 2,200000.00,Tier 2,1.50%,3000.00,0.00,0.00");
    expect(lines[3]).toBe(",,Total,,,,4234.56,0.00,0.00");

    const pdf = await send("GET", `/api/portal/earnings/statements/${month}/pdf`, dealer.cookie);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const { pages } = await readPdf(pdf.rawPayload);
    const text = pages.join(" ");
    expect(text).toContain("Earnings statement");
    expect(text).toContain("Statement Tractors");
    expect(text).toContain("$123,456.00");
    expect(text).toContain("$1,234.56");
    expect(text).toContain("$3,000.00");
    expect(text).toContain("$4,234.56");
  });
});

describe("the earnings rules in the back office", () => {
  const defaults = {
    tiers: [
      { label: "Tier 1", from: "0", points: "1.00" },
      { label: "Tier 2", from: "250,000", points: "1.50" },
      { label: "Tier 3", from: "1,000,000", points: "2.00" },
    ],
    trailingDays: "90",
    clawbackDays: "90",
  };

  it("is read by staff, saved by admins as a whole with its audit, and refused when the set is wrong", async () => {
    const read = await send("GET", "/api/back-office/earnings/tiers", staff);
    expect(read.json()).toMatchObject({
      tiers: [
        { label: "Tier 1", minVolumeCents: 0, pointsBasisPoints: 100 },
        { label: "Tier 2", minVolumeCents: 25_000_000, pointsBasisPoints: 150 },
        { label: "Tier 3", minVolumeCents: 100_000_000, pointsBasisPoints: 200 },
      ],
      trailingDays: 90,
      clawbackDays: 90,
    });
    expect((await send("PUT", "/api/back-office/earnings/tiers", staff, defaults)).statusCode).toBe(403);

    const unordered = await send("PUT", "/api/back-office/earnings/tiers", admin, {
      ...defaults,
      tiers: [defaults.tiers[0], { ...defaults.tiers[1], from: "0" }],
    });
    expect(unordered.statusCode).toBe(400);
    expect(unordered.json().details).toContainEqual(
      expect.objectContaining({ message: "Each tier starts above the one before it." }),
    );
    const badPoints = await send("PUT", "/api/back-office/earnings/tiers", admin, {
      ...defaults,
      tiers: [{ ...defaults.tiers[0], points: "1.005" }],
    });
    expect(badPoints.statusCode).toBe(400);
    const tooMany = await send("PUT", "/api/back-office/earnings/tiers", admin, {
      ...defaults,
      tiers: Array.from({ length: 7 }, (_, index) => ({ label: `T${index}`, from: String(index * 1000), points: "1" })),
    });
    expect(tooMany.statusCode).toBe(400);

    const saved = await send("PUT", "/api/back-office/earnings/tiers", admin, {
      tiers: [...defaults.tiers, { label: "Tier 4", from: "$2,000,000", points: "2.5" }],
      trailingDays: "120",
      clawbackDays: "60",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().tiers[3]).toEqual({ label: "Tier 4", minVolumeCents: 200_000_000, pointsBasisPoints: 250 });
    const shown = (await send("GET", "/api/earnings/tiers", "")).json();
    expect(shown).toMatchObject({ trailingDays: 120, clawbackDays: 60 });
    expect(shown.tiers).toHaveLength(4);
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, "earnings.tiers-changed"));
    expect(audit!.details).toMatchObject({
      before: { trailingDays: 90, tiers: [{ label: "Tier 1" }, { label: "Tier 2" }, { label: "Tier 3" }] },
      after: { trailingDays: 120, clawbackDays: 60, tiers: [{}, {}, {}, { label: "Tier 4", pointsBasisPoints: 250 }] },
    });
    // Back to the defaults for the other tests.
    expect((await send("PUT", "/api/back-office/earnings/tiers", admin, defaults)).statusCode).toBe(200);
  });

  it("lets staff set how a company is paid, audited", async () => {
    const dealer = await company("Payout Mode Tractors", 0);
    const url = `/api/back-office/vendors/companies/${dealer.companyId}/earnings-payout`;
    expect((await send("PUT", url, dealer.cookie, { payout: "with-funding" })).statusCode).toBe(403);
    const changed = await send("PUT", url, staff, { payout: "with-funding" });
    expect(changed.json()).toEqual({ payout: "with-funding" });
    expect((await send("PUT", url, staff, { payout: "weekly" })).statusCode).toBe(400);
    expect(
      (
        await send("PUT", `/api/back-office/vendors/companies/${crypto.randomUUID()}/earnings-payout`, staff, {
          payout: "monthly",
        })
      ).statusCode,
    ).toBe(404);
    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "earnings.payout-mode-changed"), eq(auditLog.subject, dealer.companyId)));
    expect(entries.map((entry) => entry.details)).toEqual([{ from: "monthly", to: "with-funding" }]);
    const [row] = await db().select().from(vendorCompany).where(eq(vendorCompany.id, dealer.companyId));
    expect(row!.earningsPayout).toBe("with-funding");
  });

  it("shows staff every company's earnings with the total, and exports them audited", async () => {
    const dealer = await company("Staff View Tractors", 0);
    await dealer.fund(0, 2_000_000, 0);
    const all = (await send("GET", "/api/back-office/earnings", staff)).json() as CompanyEarnings;
    const row = all.companies.find((candidate) => candidate.id === dealer.companyId)!;
    expect(row).toMatchObject({
      tierLabel: "Tier 1",
      trailingVolumeCents: 2_000_000,
      accruedCents: 20_000,
      balanceCents: 20_000,
    });
    const sum = all.companies.reduce((total, company) => total + company.accruedCents, 0);
    expect(all.total.accruedCents).toBe(sum);
    const entries = await db().select().from(earningsEntry);
    expect(all.total.accruedCents).toBe(
      entries.filter((entry) => entry.kind === "accrued").reduce((total, entry) => total + entry.amountCents, 0),
    );
    const earlier = (await send("GET", "/api/back-office/earnings?month=2001-01", staff)).json() as CompanyEarnings;
    expect(earlier.total.accruedCents).toBe(0);
    expect((await send("GET", "/api/back-office/earnings", dealer.cookie)).statusCode).toBe(403);

    const csv = await send("GET", "/api/back-office/export/earnings.csv", staff);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split("\r\n")[0]).toBe(
      "period,company,tier,points,trailing_volume,accrued,paid,clawed_back,balance",
    );
    expect(csv.body).toContain("all,Staff View Tractors,Tier 1,1.00%,20000.00,200.00,0.00,0.00,200.00");
    expect(csv.body).toContain("all,Total,,,");
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, "export.earnings"));
    expect(audit!.details).toMatchObject({ month: "all" });
  });
});
