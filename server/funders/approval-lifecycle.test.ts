import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRoles } from "#domain/auth/roles.ts";
import { dealerRoles } from "#domain/auth/dealer-roles.ts";
import type { FunderRow, FunderSettings } from "#domain/funders/contracts.ts";
import {
  blankFunderAnswer,
  type DealFunders,
  type PortalApproval,
  type PortalFollowUps,
} from "#domain/funders/deal-funder-contracts.ts";
import { addCalendarDays, businessDayOf } from "#domain/site/business-day.ts";
import { SmtpCatcher } from "../../tests/support/smtp-catcher.ts";
import { createVendor, submitPortalDeal } from "../../tests/support/vendor-fixtures.ts";
import {
  loopbackAddress,
  signIn,
  startTestServer,
  testOrigin,
  type TestServer,
} from "../../tests/support/test-server.ts";
import { createAccount } from "../accounts/create-account.ts";
import { auditLog } from "../audit/tables.ts";
import { deal } from "../deals/tables.ts";
import { mailOutbox } from "../mail/tables.ts";
import { dealStip } from "../stips/tables.ts";
import { sweepApprovalReminders } from "./sweep-approval-reminders.ts";
import { dealApproval } from "./tables.ts";

// docs/product-rules.md#r54-the-funder-network: an approval's expiry, renewal and reminder, the admins' setting
// that shows the funder, a deal every funder declined, and the dealer's dashboard figures.

let server: TestServer;
let catcher: SmtpCatcher;
let admin = "";
let staff = "";
let timeZone = "";
let dealer: { admin: { email: string; cookie: string }; rep: { email: string; cookie: string; id: string } };

beforeAll(async () => {
  catcher = await new SmtpCatcher().start();
  server = await startTestServer({ SMTP_URL: catcher.url });
  timeZone = server.config.public.brand.timeZone;
  for (const [email, role] of [
    ["admin@lifecycle.example", authRoles.admin],
    ["staff@lifecycle.example", authRoles.staff],
  ] as const)
    await createAccount(server.auth, { email, name: role, role, password: "funder-password-1", emailVerified: true });
  admin = (await signIn(server.app, "admin@lifecycle.example", "funder-password-1")).cookie;
  staff = (await signIn(server.app, "staff@lifecycle.example", "funder-password-1")).cookie;
  const company = await createVendor(server.database, server.auth, "Lifecycle Motors");
  const repEmail = `rita-${company.company.slug}@vendor.example`;
  const { id } = await createAccount(server.auth, {
    email: repEmail,
    name: "Rita Rep",
    role: authRoles.vendor,
    password: "rep-password-12",
    emailVerified: true,
    vendorCompanyId: company.company.id,
    dealerRole: dealerRoles.rep,
  });
  dealer = {
    admin: { email: company.email, cookie: (await signIn(server.app, company.email, company.password)).cookie },
    rep: { email: repEmail, id, cookie: (await signIn(server.app, repEmail, "rep-password-12")).cookie },
  };
});
afterAll(async () => {
  await server?.close();
  await catcher?.stop();
});

const send = (method: "GET" | "POST" | "PUT" | "PATCH", url: string, cookie: string, payload?: object) =>
  server.app.inject({
    method,
    url,
    payload,
    remoteAddress: loopbackAddress(),
    headers: { cookie, origin: testOrigin },
  });

const today = () => businessDayOf(new Date(), timeZone);
let funderCount = 0;

async function addFunder(name = `Lifecycle Funder ${++funderCount}`) {
  const created = await send("POST", "/api/back-office/funders", admin, {
    name,
    contactName: "",
    contactEmail: "",
    contactPhone: "",
    programs: "equipment-finance",
    minCreditScore: "",
    minMonthsInBusiness: "",
    minAmount: "",
    maxAmount: "",
    industries: "",
    states: "",
    active: true,
  });
  expect(created.statusCode).toBe(201);
  return (created.json() as { funder: FunderRow }).funder;
}

const submitDeal = (cookie: string, businessName: string) =>
  submitPortalDeal(server.app, cookie, { businessName, costOfEq: "85,000", downPayment: "5,000" });

/** Sends the deal to the funders and returns each one's submission id, in the order given. */
async function sendTo(dealId: string, funders: FunderRow[]) {
  const sent = (
    await send("POST", `/api/back-office/deals/${dealId}/funders`, staff, { funderIds: funders.map((f) => f.id) })
  ).json() as DealFunders;
  return funders.map((f) => sent.submissions.find((submission) => submission.funder.id === f.id)!.id);
}

async function answer(dealId: string, submissionId: string, fields: Partial<typeof blankFunderAnswer>) {
  const recorded = await send("POST", `/api/back-office/deals/${dealId}/funders/${submissionId}/answers`, staff, {
    ...blankFunderAnswer,
    ...fields,
  });
  expect(recorded.statusCode).toBe(201);
  return recorded.json() as DealFunders;
}

/** A deal of `cookie`'s user with an approval of $75,000 presented, expiring on `expiresOn`. */
async function approvedDeal(cookie: string, businessName: string, expiresOn: string, funder?: FunderRow) {
  const dealId = await submitDeal(cookie, businessName);
  const [submissionId] = await sendTo(dealId, [funder ?? (await addFunder())]);
  const answered = await answer(dealId, submissionId!, {
    decision: "approved",
    amount: "75,000",
    termMonths: "60",
    payment: "1,525.40",
    expiresOn,
  });
  const answerId = answered.submissions.find((s) => s.id === submissionId)!.answers[0]!.id;
  const presented = await send(
    "POST",
    `/api/back-office/deals/${dealId}/funders/${submissionId}/answers/${answerId}/present`,
    staff,
  );
  expect(presented.statusCode).toBe(200);
  return dealId;
}

const portalApproval = async (dealId: string, cookie = dealer.rep.cookie) => {
  const response = await send("GET", `/api/portal/deals/${dealId}/approval`, cookie);
  expect(response.statusCode).toBe(200);
  return { approval: (response.json() as { approval: PortalApproval }).approval!, body: response.body };
};

const audits = (
  action: "deal.approval-renewed" | "deal.declined-by-funders" | "funder.setting-changed",
  subject: string,
) =>
  server.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subject, subject)))
    .orderBy(asc(auditLog.at));

describe("an expired approval", () => {
  it("is marked for the dealer and staff, holds the deal back from documents, and is renewed by staff (audited)", async () => {
    const yesterday = addCalendarDays(today(), -1);
    const dealId = await approvedDeal(dealer.rep.cookie, "expired paving", yesterday);
    const { approval } = await portalApproval(dealId);
    expect(approval).toMatchObject({ expiresOn: yesterday, daysLeft: -1, expired: true, funderName: null });
    const funders = (await send("GET", `/api/back-office/deals/${dealId}/funders`, staff)).json() as DealFunders;
    expect(funders.presented).toMatchObject({ expiresOn: yesterday, expired: true, reminderSentAt: null });

    // Docs Out and later are refused while it has expired, saying when; approving, declining or closing is not.
    for (const stage of [3, 4, 5, 6]) {
      const refused = await send("PATCH", `/api/back-office/deals/${dealId}`, staff, { stage });
      expect(refused.statusCode, String(stage)).toBe(409);
      expect(refused.json().message).toMatch(
        /^The approval expired on \w{3} \d{1,2}, \d{4}: renew it before documents\.$/,
      );
    }
    const page = (await send("GET", `/api/back-office/deals/${dealId}`, staff)).json();
    expect(page.deal.stage).toBe(2);

    // A renewal to a day gone is refused; the default is 30 days from today, and the reminder is due again.
    await server.database.db
      .update(dealApproval)
      .set({ reminderSentAt: new Date() })
      .where(eq(dealApproval.dealId, dealId));
    const backwards = await send("POST", `/api/back-office/deals/${dealId}/approval/renew`, staff, {
      expiresOn: today(),
    });
    expect([backwards.statusCode, backwards.json().message]).toEqual([
      400,
      "Choose a day after today for the approval to expire.",
    ]);
    const renewed = await send("POST", `/api/back-office/deals/${dealId}/approval/renew`, staff, { expiresOn: "" });
    expect(renewed.statusCode).toBe(200);
    const in30 = addCalendarDays(today(), 30);
    expect((renewed.json() as DealFunders).presented).toMatchObject({
      expiresOn: in30,
      expired: false,
      reminderSentAt: null,
    });
    expect((await portalApproval(dealId)).approval).toMatchObject({ expiresOn: in30, daysLeft: 30, expired: false });
    const [audit] = await audits("deal.approval-renewed", dealId);
    expect(audit!.details).toMatchObject({ from: yesterday, to: in30 });
    expect((await send("PATCH", `/api/back-office/deals/${dealId}`, staff, { stage: 3 })).statusCode).toBe(200);

    // The funder's own date; vendors may not renew; a deal without an approval has nothing to renew.
    const funderDate = addCalendarDays(today(), 45);
    const toFunderDate = await send("POST", `/api/back-office/deals/${dealId}/approval/renew`, staff, {
      expiresOn: funderDate,
    });
    expect((toFunderDate.json() as DealFunders).presented?.expiresOn).toBe(funderDate);
    expect(
      (await send("POST", `/api/back-office/deals/${dealId}/approval/renew`, dealer.admin.cookie, { expiresOn: "" }))
        .statusCode,
    ).toBe(403);
    const bare = await submitDeal(dealer.rep.cookie, "unapproved paving");
    const nothing = await send("POST", `/api/back-office/deals/${bare}/approval/renew`, staff, { expiresOn: "" });
    expect([nothing.statusCode, nothing.json().message]).toEqual([
      409,
      "This deal has no approval presented to renew.",
    ]);
  });
});

describe("the reminder 5 business days before an approval expires", () => {
  const mailContext = () => ({
    creditTeamEmail: server.config.creditTeamEmail,
    publicUrl: server.config.publicUrl,
    product: server.config.public.brand.name,
    cipher: server.cipher,
    timeZone,
  });
  // Wednesday 2030-07-10: five working days before it, counting back over the weekend and
  // Independence Day (Thursday the 4th), is Tuesday 2030-07-02.
  const expiresOn = "2030-07-10";
  const at = (day: string) => new Date(`${day}T19:00:00Z`);
  const reminders = async (dealId: string) =>
    (await server.database.db.select().from(mailOutbox)).filter(
      (mail) => mail.text.includes(`/portal/deals/${dealId}`) && mail.subject.includes("the approval expires"),
    );

  it("mails the deal's owner once, on the business day it is due; the company's admins for a deal nobody owns; nobody for a direct deal", async () => {
    const owned = await approvedDeal(dealer.rep.cookie, "reminded paving", expiresOn);
    const unowned = await approvedDeal(dealer.rep.cookie, "unowned paving", expiresOn);
    await server.database.db.update(deal).set({ ownerUserId: null }).where(eq(deal.id, unowned));
    const direct = await approvedDeal(dealer.rep.cookie, "direct paving", expiresOn);
    await server.database.db.update(deal).set({ vendorCompanyId: null, ownerUserId: null }).where(eq(deal.id, direct));
    const later = await approvedDeal(dealer.rep.cookie, "later paving", "2030-07-11");

    // The day before it is due (without the holiday it would be due on the 3rd, with it on the 2nd).
    expect(await sweepApprovalReminders(server.database.db, mailContext(), at("2030-07-01"))).toBe(0);
    expect(await sweepApprovalReminders(server.database.db, mailContext(), at("2030-07-02"))).toBe(2);
    const mail = await catcher.waitFor(
      (caught) => caught.to.includes(dealer.rep.email) && caught.subject.includes("approval expires"),
    );
    expect(mail.subject).toBe("REMINDED PAVING: the approval expires on Jul 10, 2030");
    expect(mail.body).toContain("$75,000.00");
    expect((await reminders(owned)).map((row) => row.to)).toEqual([dealer.rep.email]);
    expect((await reminders(unowned)).map((row) => row.to)).toEqual([dealer.admin.email]);
    expect(await reminders(direct)).toEqual([]);
    expect(await reminders(later)).toEqual([]);
    const [marked] = await server.database.db.select().from(dealApproval).where(eq(dealApproval.dealId, owned));
    expect(marked!.reminderSentAt).not.toBeNull();

    // Once: the next passes send nothing more for them; the next day's approval comes on its day.
    expect(await sweepApprovalReminders(server.database.db, mailContext(), at("2030-07-02"))).toBe(0);
    expect(await sweepApprovalReminders(server.database.db, mailContext(), at("2030-07-03"))).toBe(1);
    expect((await reminders(owned)).length).toBe(1);
    expect((await reminders(later)).map((row) => row.to)).toEqual([dealer.rep.email]);
    // Nothing once it has expired, nor for a deal that is no longer open.
    expect(await sweepApprovalReminders(server.database.db, mailContext(), at("2030-07-12"))).toBe(0);
  });
});

describe("the funder's name for dealers", () => {
  it("is hidden by default on every vendor route, and shown on the approval once an admin allows it (audited)", async () => {
    const named = await addFunder("Evergreen Named Capital");
    const dealId = await approvedDeal(dealer.rep.cookie, "named paving", addCalendarDays(today(), 20), named);
    const vendorReads = [
      `/api/portal/deals/${dealId}/approval`,
      `/api/portal/deals/${dealId}`,
      "/api/portal/deals?month=all",
      "/api/portal/dashboard?month=all",
      "/api/portal/dashboard/follow-ups",
      `/api/portal/deals/${dealId}/messages`,
    ];
    for (const url of vendorReads) {
      const response = await send("GET", url, dealer.rep.cookie);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toContain("Evergreen");
    }
    const settings = (await send("GET", "/api/back-office/funder-settings", staff)).json() as FunderSettings;
    expect(settings).toEqual({ showFunderName: false, updatedBy: null, updatedAt: null });

    expect((await send("PUT", "/api/back-office/funder-settings", staff, { showFunderName: true })).statusCode).toBe(
      403,
    );
    const shown = await send("PUT", "/api/back-office/funder-settings", admin, { showFunderName: true });
    expect(shown.json()).toMatchObject({ showFunderName: true, updatedBy: "admin@lifecycle.example" });
    expect((await portalApproval(dealId)).approval.funderName).toBe("Evergreen Named Capital");
    // Still only the presented funder's name: no other answer and no other route.
    expect((await send("GET", `/api/portal/deals/${dealId}`, dealer.rep.cookie)).body).not.toContain("Evergreen");

    // Saving the same value again changes and audits nothing; hiding it again hides it at once.
    await send("PUT", "/api/back-office/funder-settings", admin, { showFunderName: true });
    await send("PUT", "/api/back-office/funder-settings", admin, { showFunderName: false });
    const { approval, body } = await portalApproval(dealId);
    expect(approval.funderName).toBeNull();
    expect(body).not.toContain("Evergreen");
    const changes = await audits("funder.setting-changed", "show-funder-name");
    expect(changes.map((entry) => entry.details)).toEqual([
      { showFunderName: { from: false, to: true } },
      { showFunderName: { from: true, to: false } },
    ]);
  });
});

describe("a deal every funder declined", () => {
  it("is declined with the union of the funders' reasons chosen for its notice, once every answer is a decline (audited)", async () => {
    const dealId = await submitDeal(dealer.rep.cookie, "declined paving");
    const [first, second] = await sendTo(dealId, [await addFunder(), await addFunder()]);
    const decline = () => send("POST", `/api/back-office/deals/${dealId}/funders/decline`, staff);
    let state = await answer(dealId, first!, {
      decision: "declined",
      declineReasons: "time-in-business, limited-credit-experience",
    });
    expect(state.allDeclined).toBeNull();
    const early = await decline();
    expect([early.statusCode, early.json().message]).toEqual([
      409,
      "Not every funder this deal was sent to has declined it.",
    ]);
    state = await answer(dealId, second!, { decision: "declined", declineReasons: "bankruptcy, time-in-business" });
    expect(state.allDeclined).toEqual({
      reasons: ["bankruptcy", "limited-credit-experience", "time-in-business"],
    });
    expect(state.dealStage).toBe(1);

    const declined = await decline();
    expect(declined.statusCode).toBe(200);
    expect((declined.json() as DealFunders).dealStage).toBe(0);
    const page = (await send("GET", `/api/back-office/deals/${dealId}`, staff)).json();
    expect(page.deal).toMatchObject({ stage: 0, declinedReceivedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    const notice = (await send("GET", `/api/back-office/adverse-action/deal/${dealId}`, staff)).json();
    expect(notice).toMatchObject({
      declined: true,
      content: {
        statement: "reasons",
        reasons: ["bankruptcy", "limited-credit-experience", "time-in-business"],
        otherReason: "",
      },
    });
    const [audit] = await audits("deal.declined-by-funders", dealId);
    expect(audit!.details).toEqual({ reasons: ["bankruptcy", "limited-credit-experience", "time-in-business"] });
    const again = await decline();
    expect([again.statusCode, again.json().message]).toEqual([409, "This deal is already declined."]);
  });

  it("is not offered with no funder or one still to answer", async () => {
    const dealId = await submitDeal(dealer.rep.cookie, "unsent paving");
    expect((await send("POST", `/api/back-office/deals/${dealId}/funders/decline`, staff)).statusCode).toBe(409);
    await sendTo(dealId, [await addFunder()]);
    expect(
      ((await send("GET", `/api/back-office/deals/${dealId}/funders`, staff)).json() as DealFunders).allDeclined,
    ).toBeNull();
  });
});

describe("the dealer's dashboard figures", () => {
  it("counts open stips and approvals expiring within 5 business days on the deals the user sees", async () => {
    const before = {
      rep: (await send("GET", "/api/portal/dashboard/follow-ups", dealer.rep.cookie)).json() as PortalFollowUps,
      admin: (await send("GET", "/api/portal/dashboard/follow-ups", dealer.admin.cookie)).json() as PortalFollowUps,
    };
    const repDeal = await approvedDeal(dealer.rep.cookie, "expiring paving", addCalendarDays(today(), 1));
    const expiredDeal = await approvedDeal(dealer.rep.cookie, "expired dash paving", addCalendarDays(today(), -1));
    const distantDeal = await approvedDeal(dealer.rep.cookie, "distant paving", addCalendarDays(today(), 25));
    const adminDeal = await approvedDeal(dealer.admin.cookie, "admin paving", addCalendarDays(today(), 2));
    const closed = await approvedDeal(dealer.admin.cookie, "closed paving", addCalendarDays(today(), 2));
    expect((await send("PATCH", `/api/back-office/deals/${closed}`, staff, { stage: 9 })).statusCode).toBe(200);
    // The approval's own stips out of the way: these deals hold only the ones below.
    await server.database.db
      .delete(dealStip)
      .where(inArray(dealStip.dealId, [repDeal, expiredDeal, distantDeal, adminDeal, closed]));
    const stip = (dealId: string, status: "requested" | "received" | "accepted" | "rejected" | "waived") => ({
      dealId,
      name: `Stip ${status}`,
      satisfiedBy: "dealer" as const,
      status,
    });
    await server.database.db
      .insert(dealStip)
      .values([
        stip(repDeal, "requested"),
        stip(repDeal, "rejected"),
        stip(repDeal, "received"),
        stip(repDeal, "accepted"),
        stip(repDeal, "waived"),
        stip(adminDeal, "requested"),
        stip(closed, "requested"),
      ]);
    const rep = (await send("GET", "/api/portal/dashboard/follow-ups", dealer.rep.cookie)).json() as PortalFollowUps;
    const companyAdmin = (
      await send("GET", "/api/portal/dashboard/follow-ups", dealer.admin.cookie)
    ).json() as PortalFollowUps;
    // A sales rep sees their own deals' only; the dealer admin the company's; a closed deal's stips count no more.
    expect(rep).toEqual({ openStips: before.rep.openStips + 2, approvalsExpiring: before.rep.approvalsExpiring + 1 });
    expect(companyAdmin).toEqual({
      openStips: before.admin.openStips + 3,
      approvalsExpiring: before.admin.approvalsExpiring + 2,
    });
    const other = await createVendor(server.database, server.auth, "Other Lifecycle Motors");
    const otherCookie = (await signIn(server.app, other.email, other.password)).cookie;
    expect((await send("GET", "/api/portal/dashboard/follow-ups", otherCookie)).json()).toEqual({
      openStips: 0,
      approvalsExpiring: 0,
    });
  });
});
