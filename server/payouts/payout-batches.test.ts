import { createHash } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRoles } from "#domain/auth/roles.ts";
import type { PayoutBatchView, PayoutsOverview } from "#domain/payouts/back-office-contracts.ts";
import { effectiveEntryDate } from "#domain/payouts/payout-rules.ts";
import { addCalendarDays, businessDayOf, businessWallTime } from "#domain/site/business-day.ts";
import { parseNachaFile } from "../../tests/support/nacha-parser.ts";
import { activePayoutAccount, approvedFunding } from "../../tests/support/payout-fixtures.ts";
import { SmtpCatcher } from "../../tests/support/smtp-catcher.ts";
import {
  loopbackAddress,
  signIn,
  startTestServer,
  testOrigin,
  type TestServer,
} from "../../tests/support/test-server.ts";
import { queryRows, testDriver } from "../../tests/support/test-database.ts";
import { createAccount } from "../accounts/create-account.ts";
import { auditLog } from "../audit/tables.ts";
import { session, user } from "../auth/tables.ts";
import { dealHistory } from "../deals/tables.ts";
import { accrueEarnings } from "../earnings/earnings-ledger.ts";
import { earningsEntry } from "../earnings/tables.ts";
import { takePayoutTurn } from "../funding/payout-turns.ts";
import { fundingReport } from "../funding/tables.ts";
import { mailOutbox } from "../mail/tables.ts";
import { vendorCompany } from "../vendors/tables.ts";
import { workingCalendarDay } from "../working-calendar/tables.ts";
import { monthBefore, payoutCandidates } from "./payout-candidates.ts";
import { sweepFundingReports } from "./sweep-funding-reports.ts";
import { payoutBatch, payoutEntry } from "./tables.ts";

let server: TestServer;
let catcher: SmtpCatcher;
let staff = "";
let timeZone = "";
let today = "";
const db = () => server.database.db;
const past = new Date(Date.now() - 86_400_000);

beforeAll(async () => {
  catcher = await new SmtpCatcher().start();
  server = await startTestServer({ SMTP_URL: catcher.url });
  timeZone = server.config.public.brand.timeZone;
  today = businessDayOf(new Date(), timeZone);
  await createAccount(server.auth, {
    email: "staff@payouts.example",
    name: "Payouts Staff",
    role: authRoles.admin,
    password: "payouts-password-1",
    emailVerified: true,
  });
  staff = (await signIn(server.app, "staff@payouts.example", "payouts-password-1")).cookie;
  // Whatever day the suite runs on, the credit team works it (an admin's change to the calendar).
  const [admin] = await db().select({ id: user.id }).from(user).where(eq(user.email, "staff@payouts.example"));
  await db()
    .insert(workingCalendarDay)
    .values({ day: today, closed: false, label: "Payouts suite", changedByUserId: admin!.id });
});
afterAll(async () => {
  await server?.close();
  await catcher?.stop();
});

const send = (method: "GET" | "POST", url: string, payload?: object) =>
  server.app.inject({
    method,
    url,
    payload,
    remoteAddress: loopbackAddress(),
    headers: { cookie: staff, origin: testOrigin },
  });

const overview = async () => (await send("GET", "/api/back-office/payouts")).json() as PayoutsOverview;

/** Builds today's batch of exactly what the overview says is payable. */
async function build() {
  const { payable } = await overview();
  const built = await send("POST", "/api/back-office/payouts/batches", {
    entryCount: payable.count,
    totalCents: payable.totalCents,
  });
  expect(built.statusCode, built.body).toBe(201);
  return built.json().batchId as string;
}

const batchOf = async (id: string) =>
  (await send("GET", `/api/back-office/payouts/batches/${id}`)).json() as PayoutBatchView;

/** Every sent payout entry of a funding: never more than one. */
const sentEntries = (fundingId: string) =>
  db()
    .select()
    .from(payoutEntry)
    .where(and(eq(payoutEntry.dealFundingId, fundingId), eq(payoutEntry.status, "sent")));

/**
 * The stored file, read by the tests' own NACHA parser, checked against the database: one credit per
 * entry with its routing number, the account it was built for, amount and trace; counts, entry hash and
 * totals; the balanced file's offset debit to the lender's settlement account.
 */
async function checkFileAgainstDatabase(batchId: string, accounts: Map<string, string>) {
  const [batch] = await db().select().from(payoutBatch).where(eq(payoutBatch.id, batchId));
  const entries = await db()
    .select()
    .from(payoutEntry)
    .where(eq(payoutEntry.batchId, batchId))
    .orderBy(payoutEntry.traceNumber);
  expect(createHash("sha256").update(batch!.fileText).digest("hex")).toBe(batch!.fileSha256);
  const file = parseNachaFile(batch!.fileText);
  const { ach } = server.config;
  expect(file).toMatchObject({
    immediateDestination: ach.originator.immediateDestination,
    fileIdModifier: batch!.fileIdModifier,
    creationDate: batch!.businessDay,
    batchCount: 1,
    entryAndAddendaCount: entries.length + 1,
    totalCreditCents: batch!.totalCents,
    totalDebitCents: batch!.totalCents,
  });
  expect(entries).toHaveLength(batch!.entryCount);
  expect(entries.reduce((sum, entry) => sum + entry.amountCents, 0)).toBe(batch!.totalCents);
  const [fileBatch] = file.batches;
  expect(fileBatch).toMatchObject({
    serviceClassCode: "200",
    companyId: ach.originator.companyId,
    odfiIdentification: ach.originator.odfiRouting.slice(0, 8),
    effectiveEntryDate: effectiveEntryDate(batch!.businessDay),
  });
  const credits = fileBatch!.entries.filter((entry) => entry.credit);
  expect(
    credits.map((credit) => [credit.routingNumber, credit.accountNumber, credit.amountCents, credit.traceNumber]),
  ).toEqual(
    entries.map((entry) => [
      entry.routingNumber,
      accounts.get(entry.payoutAccountId),
      entry.amountCents,
      entry.traceNumber,
    ]),
  );
  const [offset] = fileBatch!.entries.filter((entry) => !entry.credit);
  expect(offset).toMatchObject({
    transactionCode: "27",
    routingNumber: ach.originator.odfiRouting,
    accountNumber: ach.settlementAccount.accountNumber,
    amountCents: batch!.totalCents,
  });
  const hash =
    (entries.reduce((sum, entry) => sum + Number(entry.routingNumber.slice(0, 8)), 0) +
      Number(ach.originator.odfiRouting.slice(0, 8))) %
    10_000_000_000;
  expect(Number(file.entryHash)).toBe(hash);
  return { batch: batch!, entries, file };
}

/** Each account's id -> its full number, as the fixtures made them. */
const accounts = new Map<string, string>();
const account = async (...args: Parameters<typeof activePayoutAccount>) => {
  const made = await activePayoutAccount(...args);
  accounts.set(made.id, made.accountNumber);
  return made;
};

describe("the payout batch", () => {
  let alpha: Awaited<ReturnType<typeof approvedFunding>>;
  let held: Awaited<ReturnType<typeof approvedFunding>>;
  let firstBatchId = "";

  it("pays every approved funding whose company's account is usable, holds the others with why, and writes a file that reads back as the database", async () => {
    alpha = await approvedFunding(server, staff, "Payout Alpha Tools", { fundedOn: today });
    await account(server, alpha.vendor.company.id, { usableFrom: past, routingNumber: "011000015" });
    const beta = await approvedFunding(server, staff, "Payout Beta Dental", {
      fundedOn: today,
      earningsCents: 112_500,
    });
    await account(server, beta.vendor.company.id, {
      usableFrom: past,
      routingNumber: "021000021",
      accountType: "savings",
    });
    await db()
      .update(vendorCompany)
      .set({ earningsPayout: "with-funding" })
      .where(eq(vendorCompany.id, beta.vendor.company.id));
    // The earnings the funding accrued (the funding's own step), paid inside it.
    await db()
      .insert(earningsEntry)
      .values({
        vendorCompanyId: beta.vendor.company.id,
        dealId: beta.dealId,
        dealFundingId: beta.fundingId,
        dealAccountNumber: beta.accountNumber,
        businessName: "Payout Beta Dental client",
        kind: "accrued",
        amountCents: 112_500,
        amountFinancedCents: 7_500_000,
        tierLabel: "Tier 1",
        pointsBasisPoints: 150,
        trailingVolumeCents: 0,
        month: today.slice(0, 7),
      });
    held = await approvedFunding(server, staff, "Payout Gamma Held", { fundedOn: today });
    const cooling = await approvedFunding(server, staff, "Payout Delta Cooling", { fundedOn: today });
    const until = new Date(Date.now() + 3 * 86_400_000);
    await account(server, cooling.vendor.company.id, { usableFrom: until });

    const before = await overview();
    const mine = (ids: string[]) => (item: { fundingId: string | null }) => ids.includes(item.fundingId ?? "");
    expect(before.payable.items.filter(mine([alpha.fundingId, beta.fundingId]))).toHaveLength(2);
    const why = new Map(before.held.map((item) => [item.fundingId, item.reason]));
    expect(why.get(held.fundingId)).toBe("No payout account");
    expect(why.get(cooling.fundingId)).toMatch(/^Payouts held until \w{3} \d{1,2}, \d{4} after an account change$/);
    expect(before.buildProblem).toBeNull();

    const changed = await send("POST", "/api/back-office/payouts/batches", {
      entryCount: before.payable.count + 1,
      totalCents: before.payable.totalCents,
    });
    expect([changed.statusCode, changed.json().message]).toEqual([
      409,
      expect.stringMatching(/^What is payable changed since you confirmed/),
    ]);

    firstBatchId = await build();
    const { batch, entries } = await checkFileAgainstDatabase(firstBatchId, accounts);
    expect(batch).toMatchObject({ businessDay: today, fileIdModifier: "A" });
    const paidAlpha = entries.find((entry) => entry.dealFundingId === alpha.fundingId)!;
    expect(paidAlpha).toMatchObject({ kind: "funding", amountCents: alpha.amountCents, status: "sent" });
    expect(paidAlpha.traceNumber).toMatch(
      new RegExp(`^${server.config.ach.originator.odfiRouting.slice(0, 8)}\\d{7}$`),
    );
    expect(entries.find((entry) => entry.dealFundingId === beta.fundingId)!.amountCents).toBe(beta.amountCents);
    expect(entries.some((entry) => entry.dealFundingId === held.fundingId)).toBe(false);

    // The earnings paid with the funding are on the ledger, with the entry that paid them.
    const [paidEarnings] = await db()
      .select()
      .from(earningsEntry)
      .where(and(eq(earningsEntry.dealFundingId, beta.fundingId), eq(earningsEntry.kind, "paid")));
    expect(paidEarnings).toMatchObject({
      amountCents: 112_500,
      payoutEntryId: entries.find((e) => e.dealFundingId === beta.fundingId)!.id,
    });
    const [step] = await db()
      .select()
      .from(dealHistory)
      .where(and(eq(dealHistory.dealId, alpha.dealId), eq(dealHistory.field, "payout")));
    expect(step!.toValue).toMatch(/^Paid in the ACH batch of .* \(A\), \$75,000\.00, trace \d{15}$/);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "payouts.batch-built"), eq(auditLog.subject, firstBatchId)));
    expect(audit!.details).toMatchObject({
      entryCount: entries.length,
      totalCents: batch.totalCents,
      fileSha256: batch.fileSha256,
    });

    const view = await batchOf(firstBatchId);
    const shown = view.entries.find((entry) => entry.dealId === alpha.dealId)!;
    expect(shown).toMatchObject({ companyName: "Payout Alpha Tools", reference: alpha.accountNumber, status: "sent" });
    expect(JSON.stringify(view)).not.toContain(accounts.get(paidAlpha.payoutAccountId)!);
    const after = await overview();
    expect(after.batches[0]).toMatchObject({
      id: firstBatchId,
      fileIdModifier: "A",
      entryCount: entries.length,
      returnedCount: 0,
    });
    expect(after.payable.items.filter(mine([alpha.fundingId, beta.fundingId]))).toHaveLength(0);
  });

  it("gets the next file id modifier the same day and pays only what is not yet paid, its trace numbers after the last file's", async () => {
    await account(server, held.vendor.company.id, { usableFrom: past });
    const [first] = await db().select().from(payoutBatch).where(eq(payoutBatch.id, firstBatchId));
    const lastTraceOfFirst = parseNachaFile(first!.fileText).batches[0]!.entries.at(-1)!.traceNumber;
    const secondId = await build();
    const { batch, entries } = await checkFileAgainstDatabase(secondId, accounts);
    expect(batch.fileIdModifier).toBe("B");
    expect(entries.map((entry) => entry.dealFundingId)).toEqual([held.fundingId]);
    expect(entries[0]!.traceNumber > lastTraceOfFirst).toBe(true);
    expect(await sentEntries(alpha.fundingId)).toHaveLength(1);
    const nothing = await send("POST", "/api/back-office/payouts/batches", { entryCount: 1, totalCents: 1 });
    expect([nothing.statusCode, nothing.json().message]).toEqual([
      409,
      "Nothing to pay: every approved funding is paid or held.",
    ]);
  });

  it("pays a funding once when two staff build at the same moment", async () => {
    const racing = await approvedFunding(server, staff, "Payout Race Supply", { fundedOn: today });
    await account(server, racing.vendor.company.id, { usableFrom: past });
    const { payable } = await overview();
    const body = { entryCount: payable.count, totalCents: payable.totalCents };
    const [one, two] = await Promise.all([
      send("POST", "/api/back-office/payouts/batches", body),
      send("POST", "/api/back-office/payouts/batches", body),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([201, 409]);
    expect(await sentEntries(racing.fundingId)).toHaveLength(1);
  });

  it("downloads the file again byte for byte, as text, audited, only with a factor proved within minutes", async () => {
    const [stored] = await db().select().from(payoutBatch).where(eq(payoutBatch.id, firstBatchId));
    const [staffUser] = await db().select({ id: user.id }).from(user).where(eq(user.email, "staff@payouts.example"));
    const factorProved = (minutesAgo: number) =>
      db()
        .update(session)
        .set({ factorVerifiedAt: new Date(Date.now() - minutesAgo * 60_000) })
        .where(eq(session.userId, staffUser!.id));
    await factorProved(6);
    const stale = await send("GET", `/api/back-office/payouts/batches/${firstBatchId}/ach-file`);
    expect([stale.statusCode, stale.json().code]).toEqual([403, "REAUTHENTICATION_REQUIRED"]);
    await factorProved(0);
    const download = await send("GET", `/api/back-office/payouts/batches/${firstBatchId}/ach-file`);
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("text/plain");
    expect(download.headers["content-disposition"]).toBe(`attachment; filename="ach-${today}-A.txt"`);
    expect(download.headers["cache-control"]).toBe("no-store");
    expect(createHash("sha256").update(download.rawPayload).digest("hex")).toBe(stored!.fileSha256);
    expect(parseNachaFile(download.rawPayload.toString("utf8")).totalCreditCents).toBe(stored!.totalCents);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "payouts.file-downloaded"), eq(auditLog.subject, firstBatchId)));
    expect(audits).toHaveLength(1);
    // The file's fingerprint, never its account numbers.
    expect(audits[0]!.details).toEqual({
      businessDay: today,
      fileIdModifier: "A",
      fileSha256: stored!.fileSha256,
    });
    expect((await send("GET", `/api/back-office/payouts/batches/${crypto.randomUUID()}/ach-file`)).statusCode).toBe(
      404,
    );
  });

  it("records a return: the entry returned, the funding held until another account, the credit team and the dealer admins told by the last four only", async () => {
    const entry = (await sentEntries(alpha.fundingId))[0]!;
    const full = accounts.get(entry.payoutAccountId)!;
    const recorded = await send("POST", `/api/back-office/payouts/entries/${entry.id}/return`, {
      returnCode: "R03",
      note: "  Bank's return file of the 17th  ",
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    const returned = (recorded.json() as PayoutBatchView).entries.find((each) => each.id === entry.id)!;
    expect(returned).toMatchObject({
      status: "returned",
      returnCode: "R03",
      returnNote: "Bank's return file of the 17th",
      returnedBy: "Payouts Staff",
    });
    const again = await send("POST", `/api/back-office/payouts/entries/${entry.id}/return`, {
      returnCode: "R01",
      note: "",
    });
    expect(again.statusCode).toBe(409);
    expect(
      (await send("POST", `/api/back-office/payouts/entries/${entry.id}/return`, { returnCode: "R99", note: "" }))
        .statusCode,
    ).toBe(400);

    const stillHeld = (await overview()).held.find((item) => item.fundingId === alpha.fundingId);
    expect(stillHeld?.reason).toBe(
      `Returned (R03) by the account ••••${entry.accountNumberLast4}: waiting for a new payout account`,
    );
    const credit = await catcher.waitFor(
      (mail) => mail.subject === "Payment returned: Payout Alpha Tools, $75,000.00 (R03)",
    );
    expect(credit.body).toContain(`••••${entry.accountNumberLast4}`);
    expect(credit.body).toContain("R03 No account/unable to locate account");
    const dealer = await catcher.waitFor(
      (mail) => mail.to.includes(alpha.vendor.email) && mail.subject.includes("was returned"),
    );
    expect(dealer.body).not.toContain("Bank's return file");
    for (const mail of [credit, dealer]) expect(mail.raw).not.toContain(full);
    const outbox = await db().select({ text: mailOutbox.text }).from(mailOutbox);
    expect(outbox.some((row) => row.text.includes(full))).toBe(false);
    const [step] = await db()
      .select()
      .from(dealHistory)
      .where(
        and(
          eq(dealHistory.dealId, alpha.dealId),
          eq(
            dealHistory.toValue,
            `Returned by the bank: R03 No account/unable to locate account ($75,000.00, trace ${entry.traceNumber})`,
          ),
        ),
      );
    expect(step).toBeDefined();
    expect(
      await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "payouts.return-recorded"), eq(auditLog.subject, entry.id))),
    ).toHaveLength(1);

    // The dealer enters another account: once usable, the funding is paid in a later batch.
    await account(server, alpha.vendor.company.id, { usableFrom: past, routingNumber: "021000021" });
    const nextId = await build();
    const { entries } = await checkFileAgainstDatabase(nextId, accounts);
    expect(entries.map((each) => each.dealFundingId)).toContain(alpha.fundingId);
    expect(await sentEntries(alpha.fundingId)).toHaveLength(1);
    expect((await overview()).batches.find((batch) => batch.id === firstBatchId)!.returnedCount).toBe(1);
  });

  it("pays each monthly company its earnings owed for the months before, once", async () => {
    const monthly = await approvedFunding(server, staff, "Payout Monthly Earner", { fundedOn: today });
    await account(server, monthly.vendor.company.id, { usableFrom: past });
    await db()
      .insert(earningsEntry)
      .values({
        vendorCompanyId: monthly.vendor.company.id,
        dealId: monthly.dealId,
        dealFundingId: monthly.fundingId,
        dealAccountNumber: monthly.accountNumber,
        businessName: "Payout Monthly Earner client",
        kind: "accrued",
        amountCents: 75_000,
        amountFinancedCents: 7_500_000,
        tierLabel: "Tier 1",
        pointsBasisPoints: 100,
        trailingVolumeCents: 0,
        month: monthBefore(today),
      });
    const owed = (await overview()).payable.items.find(
      (item) => item.kind === "earnings" && item.companyName === "Payout Monthly Earner",
    );
    expect(owed).toMatchObject({ amountCents: 75_000, reference: monthBefore(today) });
    const batchId = await build();
    const { entries } = await checkFileAgainstDatabase(batchId, accounts);
    const earnings = entries.find((entry) => entry.kind === "earnings")!;
    expect(earnings).toMatchObject({
      vendorCompanyId: monthly.vendor.company.id,
      amountCents: 75_000,
      earningsMonth: monthBefore(today),
    });
    const paid = await db()
      .select()
      .from(earningsEntry)
      .where(and(eq(earningsEntry.vendorCompanyId, monthly.vendor.company.id), eq(earningsEntry.kind, "paid")));
    expect(paid.map((row) => [row.amountCents, row.payoutEntryId])).toEqual([[75_000, earnings.id]]);
    expect(
      (await overview()).payable.items.some(
        (item) => item.kind === "earnings" && item.companyName === "Payout Monthly Earner",
      ),
    ).toBe(false);
  });
});

describe("the funding report", () => {
  it("mails each dealer company its day's fundings once, after the close: each deal's amounts and the batch that paid it or why it is held", async () => {
    const day = addCalendarDays(today, 1);
    const [admin] = await db().select({ id: user.id }).from(user).where(eq(user.email, "staff@payouts.example"));
    await db()
      .insert(workingCalendarDay)
      .values({ day, closed: false, label: "Payouts suite", changedByUserId: admin!.id });
    const paid = await approvedFunding(server, staff, "Report Paid Motors", {
      fundedOn: day,
      feesCents: 25_000,
      earningsCents: 60_000,
    });
    await account(server, paid.vendor.company.id, { usableFrom: past });
    await build();
    const unpaid = await approvedFunding(server, staff, "Report Held Motors", { fundedOn: day });

    const reportsOf = () =>
      db()
        .select()
        .from(fundingReport)
        .where(inArray(fundingReport.vendorCompanyId, [paid.vendor.company.id, unpaid.vendor.company.id]));
    // Before the day's close: the earlier days' reports go (the other tests' companies), not these.
    await sweepFundingReports(server.database.db, mailContext(), businessWallTime(day, 14, timeZone));
    expect(await reportsOf()).toHaveLength(0);
    const afterClose = businessWallTime(day, 16, timeZone);
    expect(await sweepFundingReports(server.database.db, mailContext(), afterClose)).toBe(2);
    expect(await sweepFundingReports(server.database.db, mailContext(), afterClose)).toBe(0);
    expect((await reportsOf()).map((row) => row.businessDay)).toEqual([day, day]);

    const [entry] = await sentEntries(paid.fundingId);
    const [batch] = await db().select().from(payoutBatch).where(eq(payoutBatch.id, entry!.batchId));
    const report = await catcher.waitFor(
      (mail) => mail.to.includes(paid.vendor.email) && mail.subject.startsWith("Funding report"),
    );
    expect(report.subject).toMatch(/^Funding report for \w{3} \d{1,2}, \d{4}: 1 deal, \$75,350\.00$/);
    for (const text of [
      paid.accountNumber,
      "Business: REPORT PAID MOTORS CLIENT",
      "Amount financed: $75,000.00",
      "Equipment cost: $80,000.00",
      "Down payment: $5,000.00",
      "Fees: $250.00",
      "Earnings paid with funding: $600.00",
      "To you: $75,350.00",
      `(${batch!.fileIdModifier}), trace ${entry!.traceNumber}`,
    ])
      expect(report.body).toContain(text);
    const heldReport = await catcher.waitFor(
      (mail) => mail.to.includes(unpaid.vendor.email) && mail.subject.startsWith("Funding report"),
    );
    expect(heldReport.body).toContain("Paid: Held: No payout account");
  });
});

describe("earnings carried inside a funding", () => {
  it("pays them once, with their funding, when the company is paid monthly since: no monthly entry owes them again", async () => {
    const carried = await approvedFunding(server, staff, "Carried Earnings Co", {
      fundedOn: today,
      earningsCents: 75_000,
    });
    const companyId = carried.vendor.company.id;
    // Accrued as the approval accrues them, then the company moves to monthly payments.
    const accrued = await accrueEarnings(
      db(),
      {
        vendorCompanyId: companyId,
        dealId: carried.dealId,
        dealFundingId: carried.fundingId,
        dealAccountNumber: carried.accountNumber,
        businessName: "CARRIED EARNINGS CO CLIENT",
        amountFinancedCents: 7_500_000,
      },
      new Date(),
      timeZone,
    );
    expect(accrued.earningsCents).toBe(75_000);
    await db().update(vendorCompany).set({ earningsPayout: "monthly" }).where(eq(vendorCompany.id, companyId));

    const nextMonth = businessWallTime(addCalendarDays(`${today.slice(0, 7)}-01`, 40), 12, timeZone);
    const { payable, held } = await payoutCandidates(db(), server.cipher, nextMonth, timeZone);
    const owedToCompany = [...payable, ...held].filter((item) => item.vendorCompanyId === companyId);
    expect(owedToCompany.map((item) => [item.kind, item.amountCents, item.earningsCents])).toEqual([
      ["funding", carried.amountCents, 75_000],
    ]);
  });

  it("counts a funding approved this month against last month's earnings it carries: this month's monthly payment owes none of them", async () => {
    // Last month, paid monthly: 50,000 accrued. This month, paid with funding: a funding carries them with its own 75,000.
    const carried = await approvedFunding(server, staff, "Carried Backlog Co", {
      fundedOn: today,
      earningsCents: 125_000,
    });
    const companyId = carried.vendor.company.id;
    await db()
      .insert(earningsEntry)
      .values({
        vendorCompanyId: companyId,
        dealAccountNumber: "",
        businessName: "",
        kind: "accrued",
        amountCents: 50_000,
        amountFinancedCents: 5_000_000,
        tierLabel: "Tier 1",
        pointsBasisPoints: 100,
        trailingVolumeCents: 5_000_000,
        month: monthBefore(today),
        createdAt: past,
      });
    await accrueEarnings(
      db(),
      {
        vendorCompanyId: companyId,
        dealId: carried.dealId,
        dealFundingId: carried.fundingId,
        dealAccountNumber: carried.accountNumber,
        businessName: "CARRIED BACKLOG CO CLIENT",
        amountFinancedCents: 7_500_000,
      },
      new Date(),
      timeZone,
    );
    // Back to monthly before the funding is paid: today's batch pays last month's earnings only once, inside the funding.
    await db().update(vendorCompany).set({ earningsPayout: "monthly" }).where(eq(vendorCompany.id, companyId));
    const { payable, held } = await payoutCandidates(db(), server.cipher, new Date(), timeZone);
    const owedToCompany = [...payable, ...held].filter((item) => item.vendorCompanyId === companyId);
    expect(owedToCompany.map((item) => [item.kind, item.earningsCents])).toEqual([["funding", 125_000]]);
  });
});

describe.runIf(testDriver === "postgres")("a batch and a cancellation at once (PostgreSQL)", () => {
  /** Advisory locks some transaction of this database is waiting for. */
  const waitingForTurns = async () =>
    (
      await queryRows<{ waiting: number }>(
        db(),
        sql`select count(*)::int as waiting from pg_locks where locktype = 'advisory' and not granted
            and database = (select oid from pg_database where datname = current_database())`,
      )
    )[0]!.waiting;

  it("makes a funding's cancellation wait until the batch being built is done, so no batch pays a funding cancelled under it", async () => {
    const funded = await approvedFunding(server, staff, "Payout Turn Tractors", { fundedOn: today });
    let release!: () => void;
    let building!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const started = new Promise<void>((resolve) => (building = resolve));
    // A batch's transaction, holding the turn as buildPayoutBatch does between reading and writing.
    const batch = db().transaction(async (tx) => {
      await takePayoutTurn(tx);
      building();
      await released;
    });
    await started;
    const cancel = send("POST", `/api/back-office/fundings/${funded.fundingId}/cancel`, {
      reason: "Returned machine.",
    });
    try {
      await expect.poll(waitingForTurns).toBe(1);
    } finally {
      release();
      await batch;
    }
    expect((await cancel).statusCode).toBe(200);
    expect(await waitingForTurns()).toBe(0);
  });
});

const mailContext = () => ({
  creditTeamEmail: server.config.creditTeamEmail,
  publicUrl: server.config.publicUrl,
  product: server.config.public.brand.name,
  cipher: server.cipher,
  timeZone,
});
