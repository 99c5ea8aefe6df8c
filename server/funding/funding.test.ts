import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRoles } from "#domain/auth/roles.ts";
import type { DealFunding } from "#domain/funding/back-office-contracts.ts";
import { businessDayOf } from "#domain/site/business-day.ts";
import { wallTimeInTimeZone } from "#domain/site/business-time.ts";
import { webhookEventSchemas } from "#domain/webhooks/event-payloads.ts";
import { approvedDeal, waiveEveryStip } from "../../tests/support/approval-fixtures.ts";
import {
  loopbackAddress,
  signIn,
  startTestServer,
  testOrigin,
  type TestServer,
} from "../../tests/support/test-server.ts";
import { fundedDeal } from "../../tests/support/earnings-fixtures.ts";
import { createVendor, submitPortalDeal } from "../../tests/support/vendor-fixtures.ts";
import { createAccount } from "../accounts/create-account.ts";
import { auditLog } from "../audit/tables.ts";
import { user } from "../auth/tables.ts";
import { dealDocument } from "../deals/tables.ts";
import { monthlyEarningsOwed } from "../earnings/earnings-ledger.ts";
import { earningsEntry, earningsTier } from "../earnings/tables.ts";
import { dealApproval } from "../funders/tables.ts";
import { mailOutbox } from "../mail/tables.ts";
import { vendorCompany } from "../vendors/tables.ts";
import { webhookEndpoint, webhookEvent } from "../webhooks/tables.ts";
import { earningsInFlight } from "./earnings-in-flight.ts";
import { dealFunding, dealVerification } from "./tables.ts";

let server: TestServer;
let maker = "";
let checker = "";
const db = () => server.database.db;

async function staffCookie(email: string, role: "staff" | "admin") {
  await createAccount(server.auth, {
    email,
    name: email,
    role: authRoles[role],
    password: "funding-password-1",
    emailVerified: true,
  });
  return (await signIn(server.app, email, "funding-password-1")).cookie;
}

beforeAll(async () => {
  server = await startTestServer();
  maker = await staffCookie("maker@funding.example", "admin");
  checker = await staffCookie("checker@funding.example", "staff");
});
afterAll(() => server?.close());

const send = (method: "GET" | "POST" | "PATCH", url: string, cookie: string, payload?: object) =>
  server.app.inject({
    method,
    url,
    payload,
    remoteAddress: loopbackAddress(),
    headers: { cookie, origin: testOrigin },
  });

const fundingOf = async (dealId: string, cookie = maker) =>
  (await send("GET", `/api/back-office/deals/${dealId}/funding`, cookie)).json() as DealFunding;

/** The lender's wall clock an hour ago, as the form sends it. */
const anHourAgo = () => wallTimeInTimeZone(new Date(Date.now() - 3_600_000), server.config.public.brand.timeZone);

async function verificationBody(dealId: string) {
  const [document] = await db()
    .select({ id: dealDocument.id })
    .from(dealDocument)
    .where(eq(dealDocument.dealId, dealId));
  return {
    calledName: "Maria Lopez",
    calledPhone: "(555) 201-3344",
    calledAt: anHourAgo(),
    identity: true,
    equipmentReceived: true,
    paymentAndTerm: true,
    insurance: true,
    deliveryCertificateDocumentId: document!.id,
    note: "Machine delivered Monday, running.",
  };
}

/** An approved deal with its documents in (Docs In & Review). */
async function docsInDeal(name: string) {
  const made = await approvedDeal(server, maker, name);
  await waiveEveryStip(server, maker, made.dealId);
  expect((await send("PATCH", `/api/back-office/deals/${made.dealId}`, maker, { stage: 4 })).statusCode).toBe(200);
  return made;
}

describe("verification and funding", () => {
  it("takes a deal from Docs In through Verbal to Funded with a second staff member, and cancels it", async () => {
    const { dealId, cookie: vendorCookie, vendor, ownerUserId } = await docsInDeal("Funding Route Co");
    const company = vendor.company;
    await db()
      .insert(webhookEndpoint)
      .values({
        vendorCompanyId: company.id,
        url: "https://hooks.example.com/funded",
        secretEncrypted: server.cipher.encrypt("whsec_test"),
        events: ["deal.funded"],
        createdByUserId: ownerUserId,
      });

    // Verbal and Funded are not stages staff pick by hand.
    const byHand = await send("PATCH", `/api/back-office/deals/${dealId}`, maker, { stage: 5 });
    expect(byHand.statusCode).toBe(409);
    expect(byHand.json().message).toBe("Record the verification call to move a deal to Verbal.");
    expect((await send("PATCH", `/api/back-office/deals/${dealId}`, maker, { stage: 6 })).json().message).toBe(
      "A deal is Funded when a second staff member approves its funding.",
    );

    const body = await verificationBody(dealId);
    const unchecked = await send("POST", `/api/back-office/deals/${dealId}/verification`, maker, {
      ...body,
      insurance: false,
    });
    expect(unchecked.statusCode).toBe(400);
    expect(JSON.stringify(unchecked.json())).toContain("Confirm the insurance is in place.");
    const [other] = await db()
      .select({ id: dealDocument.id })
      .from(dealDocument)
      .where(eq(dealDocument.dealId, (await approvedDeal(server, maker, "Funding Other Co")).dealId));
    const foreign = await send("POST", `/api/back-office/deals/${dealId}/verification`, maker, {
      ...body,
      deliveryCertificateDocumentId: other!.id,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(
      "Choose the signed delivery and acceptance certificate among the deal's documents.",
    );
    const future = await send("POST", `/api/back-office/deals/${dealId}/verification`, maker, {
      ...body,
      calledAt: "2999-01-01T10:00",
    });
    expect(future.json().message).toBe("The call cannot be in the future.");
    for (const impossible of ["2026-02-30T10:00", "2026-11-27T25:70"]) {
      const refused = await send("POST", `/api/back-office/deals/${dealId}/verification`, maker, {
        ...body,
        calledAt: impossible,
      });
      expect([refused.statusCode, refused.json().details], impossible).toEqual([
        400,
        [{ path: "/calledAt", message: "Enter the date and time of the call." }],
      ]);
    }

    const verified = await send("POST", `/api/back-office/deals/${dealId}/verification`, maker, body);
    expect(verified.statusCode).toBe(200);
    const view = verified.json() as DealFunding;
    expect(view.stage).toBe(5);
    expect(view.verification).toMatchObject({
      calledName: "Maria Lopez",
      confirmedItems: ["identity", "equipment-received", "payment-and-term", "insurance"],
      recordedBy: "maker@funding.example",
    });
    // The approval's $75,000 on $80,000 of equipment with $5,000 down, no fees, earnings paid monthly.
    expect(view.preview).toMatchObject({
      amountCents: 7_500_000,
      earnings: { tierLabel: "Tier 1", pointsBasisPoints: 100, earningsCents: 75_000, payout: "monthly" },
    });
    expect(view.preparationProblem).toBeNull();

    const prepared = await send("POST", `/api/back-office/deals/${dealId}/funding`, maker);
    expect(prepared.statusCode).toBe(201);
    const funding = (prepared.json() as DealFunding).fundings[0]!;
    expect(funding).toMatchObject({ status: "awaiting-approval", amountCents: 7_500_000, canDecide: false });
    expect(funding.lines.map((line) => `${line.sign} ${line.label} ${line.cents}`)).toEqual([
      "+ Equipment cost 8000000",
      "- Down payment collected by the dealer 500000",
      "- Fees 0",
      "= Amount to the dealer 7500000",
    ]);
    expect((await send("POST", `/api/back-office/deals/${dealId}/funding`, maker)).json().message).toBe(
      "This deal already has a funding waiting for approval or approved.",
    );

    // Maker-checker: the one who prepared it cannot approve it.
    const self = await send("POST", `/api/back-office/fundings/${funding.id}/approve`, maker);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe("A second staff member approves a funding: you prepared this one.");
    expect((await fundingOf(dealId, checker)).fundings[0]!.canDecide).toBe(true);

    const approved = await send("POST", `/api/back-office/fundings/${funding.id}/approve`, checker);
    expect(approved.statusCode).toBe(200);
    const after = approved.json() as DealFunding;
    expect(after.stage).toBe(6);
    expect(after.fundings[0]).toMatchObject({ status: "approved", decidedBy: "checker@funding.example" });
    expect(after.fundings[0]!.fundedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const [accrued] = await db().select().from(earningsEntry).where(eq(earningsEntry.dealFundingId, funding.id));
    expect(accrued).toMatchObject({
      kind: "accrued",
      amountCents: 75_000,
      tierLabel: "Tier 1",
      amountFinancedCents: 7_500_000,
    });

    // The dealer reads it, the webhook carries it, the vendor was mailed.
    const portal = (await send("GET", `/api/portal/deals/${dealId}/funding`, vendorCookie)).json();
    expect(portal.funding).toMatchObject({
      status: "funded",
      amountCents: 7_500_000,
      earningsCents: 0,
      cancelledOn: null,
    });
    expect(JSON.stringify(portal)).not.toContain("maker@");
    const [event] = await db()
      .select()
      .from(webhookEvent)
      .where(and(eq(webhookEvent.vendorCompanyId, company.id), eq(webhookEvent.type, "deal.funded")));
    const parsed = webhookEventSchemas["deal.funded"].shape.data.parse(event!.payload);
    expect(parsed).toMatchObject({ id: dealId, stage: 6, funding: portal.funding });
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, vendor.email));
    expect(mails.map((mail) => mail.subject)).toContain("FUNDING ROUTE CO CLIENT: Funded");
    const audit = await db().select().from(auditLog).where(eq(auditLog.subject, dealId));
    expect(audit.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(["funding.verification-recorded", "funding.prepared", "funding.approved"]),
    );

    // A funded deal leaves Funded only by cancelling its funding: the earnings are clawed back.
    expect((await send("PATCH", `/api/back-office/deals/${dealId}`, maker, { stage: 9 })).json().message).toBe(
      "This deal is funded: cancel its funding to change its stage.",
    );
    const cancelled = await send("POST", `/api/back-office/fundings/${funding.id}/cancel`, maker, {
      reason: "Customer returned the machine.",
    });
    expect(cancelled.statusCode).toBe(200);
    expect((cancelled.json() as DealFunding).stage).toBe(9);
    const ledger = await db().select().from(earningsEntry).where(eq(earningsEntry.dealFundingId, funding.id));
    expect(ledger.map((entry) => `${entry.kind} ${entry.amountCents}`).sort()).toEqual([
      "accrued 75000",
      "clawed-back 75000",
    ]);
    expect((await send("GET", `/api/portal/deals/${dealId}/funding`, vendorCookie)).json().funding.status).toBe(
      "cancelled",
    );
    // Closed, it may go back to Verbal (its call is on record), but it is not funded a second time.
    expect((await send("PATCH", `/api/back-office/deals/${dealId}`, maker, { stage: 5 })).statusCode).toBe(200);
    expect((await fundingOf(dealId)).preparationProblem).toBe(
      "This deal's funding was cancelled: a cancelled deal is not funded again. Submit it as a new deal.",
    );
    const again = await send("POST", `/api/back-office/deals/${dealId}/funding`, maker);
    expect([again.statusCode, again.json().message]).toEqual([
      409,
      "This deal's funding was cancelled: a cancelled deal is not funded again. Submit it as a new deal.",
    ]);
  });

  it("puts earnings paid with funding into the amount, and refuses an approval once the amounts changed", async () => {
    const { dealId } = await docsInDeal("Funding With Earnings Co");
    await db()
      .update(vendorCompany)
      .set({ earningsPayout: "with-funding" })
      .where(eq(vendorCompany.name, "Funding With Earnings Co"));
    await send("POST", `/api/back-office/deals/${dealId}/verification`, maker, await verificationBody(dealId));
    const prepared = (await send("POST", `/api/back-office/deals/${dealId}/funding`, maker)).json() as DealFunding;
    const funding = prepared.fundings[0]!;
    expect(funding.amountCents).toBe(7_575_000);
    expect(funding.lines.find((line) => line.label === "Dealer earnings paid with funding")?.cents).toBe(75_000);

    // The tiers changed between the two halves: what was checked is no longer what would be paid.
    await db().update(earningsTier).set({ pointsBasisPoints: 125 }).where(eq(earningsTier.position, 1));
    try {
      const refused = await send("POST", `/api/back-office/fundings/${funding.id}/approve`, checker);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        "The amounts changed since this funding was prepared: reject it and prepare it again.",
      );
      const rejected = await send("POST", `/api/back-office/fundings/${funding.id}/reject`, checker, {
        reason: "Tiers changed.",
      });
      expect((rejected.json() as DealFunding).fundings[0]).toMatchObject({
        status: "rejected",
        rejectReason: "Tiers changed.",
      });
      const again = (await send("POST", `/api/back-office/deals/${dealId}/funding`, maker)).json() as DealFunding;
      expect(again.fundings[0]!.amountCents).toBe(7_593_750);
    } finally {
      await db().update(earningsTier).set({ pointsBasisPoints: 100 }).where(eq(earningsTier.position, 1));
    }
  });

  it("pays earnings accrued while the company was paid monthly with its next funding once it is paid with funding, and no monthly batch owes them", async () => {
    const made = await docsInDeal("Switch To Funding Co");
    const companyId = made.vendor.company.id;
    const [makerRow] = await db().select({ id: user.id }).from(user).where(eq(user.email, "maker@funding.example"));
    const earlier = await fundedDeal(server, {
      dealId: await submitPortalDeal(server.app, made.cookie, { businessName: "Switch To Funding Co client 2" }),
      answerDealId: made.dealId,
      vendorCompanyId: companyId,
      staffUserId: makerRow!.id,
      amountFinancedCents: 5_000_000,
      daysBack: 0,
    });
    expect(earlier.quote.earningsCents).toBe(50_000);
    await db().update(vendorCompany).set({ earningsPayout: "with-funding" }).where(eq(vendorCompany.id, companyId));

    const dealId = made.dealId;
    await send("POST", `/api/back-office/deals/${dealId}/verification`, maker, await verificationBody(dealId));
    const prepared = (await send("POST", `/api/back-office/deals/${dealId}/funding`, maker)).json() as DealFunding;
    const funding = prepared.fundings[0]!;
    expect(funding.lines.find((line) => line.label === "Dealer earnings paid with funding")?.cents).toBe(
      75_000 + 50_000,
    );
    expect((await send("POST", `/api/back-office/fundings/${funding.id}/approve`, checker)).statusCode).toBe(200);
    const month = businessDayOf(new Date(), server.config.public.brand.timeZone).slice(0, 7);
    const owed = await monthlyEarningsOwed(db(), month, await earningsInFlight(db()));
    expect(owed.find((row) => row.vendorCompanyId === companyId)).toBeUndefined();
  });

  it("refuses the approval of a funding whose deal was declined since it was prepared: no earnings, no Funded", async () => {
    const { dealId } = await docsInDeal("Declined Since Prepared Co");
    await send("POST", `/api/back-office/deals/${dealId}/verification`, maker, await verificationBody(dealId));
    const prepared = (await send("POST", `/api/back-office/deals/${dealId}/funding`, maker)).json() as DealFunding;
    const funding = prepared.fundings[0]!;
    expect((await send("PATCH", `/api/back-office/deals/${dealId}`, maker, { stage: 0 })).statusCode).toBe(200);

    const refused = await send("POST", `/api/back-office/fundings/${funding.id}/approve`, checker);
    expect([refused.statusCode, refused.json().message]).toEqual([
      409,
      "Fund a deal once its verification call is recorded (Verbal). Reject this funding, or approve it once that is right.",
    ]);
    expect(await db().select().from(earningsEntry).where(eq(earningsEntry.dealId, dealId))).toEqual([]);
    const [row] = await db().select().from(dealFunding).where(eq(dealFunding.id, funding.id));
    expect(row!.status).toBe("awaiting-approval");
    expect((await send("GET", `/api/back-office/deals/${dealId}`, maker)).json().deal.stage).toBe(0);
    const rejected = await send("POST", `/api/back-office/fundings/${funding.id}/reject`, checker, {
      reason: "Declined after preparation.",
    });
    expect(rejected.statusCode).toBe(200);
  });

  it("does not fund before Verbal, nor on an expired approval, and shows the funding to its own dealer only", async () => {
    const { dealId, cookie } = await docsInDeal("Funding Guard Co");
    expect((await fundingOf(dealId)).preparationProblem).toBe(
      "Fund a deal once its verification call is recorded (Verbal).",
    );
    expect((await send("POST", `/api/back-office/deals/${dealId}/funding`, maker)).statusCode).toBe(409);
    await send("POST", `/api/back-office/deals/${dealId}/verification`, maker, await verificationBody(dealId));
    await db().update(dealApproval).set({ expiresOn: "2020-01-01" }).where(eq(dealApproval.dealId, dealId));
    expect((await fundingOf(dealId)).preparationProblem).toBe("The approval has expired: renew it before funding.");

    const stranger = await createVendor(server.database, server.auth, "Funding Stranger Co");
    const strangerCookie = (await signIn(server.app, stranger.email, stranger.password)).cookie;
    expect((await send("GET", `/api/portal/deals/${dealId}/funding`, strangerCookie)).statusCode).toBe(404);
    expect((await send("GET", `/api/portal/deals/${dealId}/funding`, cookie)).json()).toEqual({ funding: null });
    expect((await send("GET", `/api/back-office/deals/${dealId}/funding`, cookie)).statusCode).toBe(403);
    expect(await db().select().from(dealVerification).where(eq(dealVerification.dealId, dealId))).toHaveLength(1);
    expect(await db().select().from(dealFunding).where(eq(dealFunding.dealId, dealId))).toHaveLength(0);
  });
});
