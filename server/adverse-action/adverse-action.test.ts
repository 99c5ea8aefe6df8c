import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRoles } from "#domain/auth/roles.ts";
import { sampleCreditApplication, sampleNewDealFields } from "../demo/sample-requests.ts";
import { mailAttachments } from "../../tests/support/mail-attachments.ts";
import { multipartBody, samplePdf } from "../../tests/support/multipart.ts";
import { readPdf } from "../../tests/support/pdf-text.ts";
import { SmtpCatcher } from "../../tests/support/smtp-catcher.ts";
import {
  loopbackAddress,
  signIn,
  startTestServer,
  testOrigin,
  type TestServer,
} from "../../tests/support/test-server.ts";
import { createVendor } from "../../tests/support/vendor-fixtures.ts";
import { creditApplicationDecision } from "./tables.ts";
import { auditLog } from "../audit/tables.ts";
import { deal, dealHistory } from "../deals/tables.ts";
import { creditApplication } from "../leads/tables.ts";
import { mailOutbox } from "../mail/tables.ts";
import { createAccount } from "../accounts/create-account.ts";
import { declinesDue } from "./declines-due.ts";

let server: TestServer;
let catcher: SmtpCatcher;
let staff: string;
let vendorCookie: string;

beforeAll(async () => {
  catcher = await new SmtpCatcher().start();
  server = await startTestServer({ SMTP_URL: catcher.url });
  await createAccount(server.auth, {
    email: "credit@lender.example",
    name: "Cory Credit",
    role: authRoles.staff,
    password: "staff-password-1",
    emailVerified: true,
  });
  staff = (await signIn(server.app, "credit@lender.example", "staff-password-1")).cookie;
  const vendor = await createVendor(server.database, server.auth, "Notice Equipment");
  vendorCookie = (await signIn(server.app, vendor.email, vendor.password)).cookie;
});
afterAll(async () => {
  await server?.close();
  await catcher?.stop();
});

const call = (method: "GET" | "PUT" | "POST" | "PATCH", url: string, payload?: object, cookie = staff) =>
  server.app.inject({
    method,
    url,
    payload,
    headers: { cookie, origin: testOrigin },
    remoteAddress: loopbackAddress(),
  });

async function submitDeal(overrides: Record<string, string>) {
  const body = multipartBody({ deal: JSON.stringify(sampleNewDealFields(overrides)) }, [
    { field: "client-info", name: "app.pdf", content: samplePdf },
  ]);
  const response = await server.app.inject({
    method: "POST",
    url: "/api/portal/deals",
    payload: body.payload,
    headers: { cookie: vendorCookie, origin: testOrigin, "content-type": body.contentType },
  });
  return response.json().id as string;
}

describe("adverse-action notice for a declined deal", () => {
  it("is refused before the deal is declined, then previewed, sent once with the PDF, dated and audited", async () => {
    const dealId = await submitDeal({
      businessName: "notice paving",
      businessEmail: "owner@noticepaving.example",
      ownersName: "Nora Price",
    });
    expect((await call("GET", `/api/back-office/adverse-action/deal/${dealId}`)).json()).toMatchObject({
      declined: false,
      decidedOn: null,
    });
    expect(
      (
        await call("PUT", `/api/back-office/adverse-action/deal/${dealId}`, {
          statement: "right-to-request",
          reasons: [],
          otherReason: "",
        })
      ).statusCode,
    ).toBe(409);

    expect(
      (
        await call("PATCH", `/api/back-office/deals/${dealId}`, {
          stage: 0,
          declinedReceivedOn: "2026-03-04",
          declinedCompletedOn: "2026-03-04",
        })
      ).statusCode,
    ).toBe(200);
    expect((await call("GET", `/api/back-office/adverse-action/deal/${dealId}/notice.pdf`)).statusCode).toBe(409);
    const empty = await call("PUT", `/api/back-office/adverse-action/deal/${dealId}`, {
      statement: "reasons",
      reasons: [],
      otherReason: " ",
    });
    expect(empty.statusCode).toBe(400);
    const saved = await call("PUT", `/api/back-office/adverse-action/deal/${dealId}`, {
      statement: "reasons",
      reasons: ["time-in-business", "bankruptcy"],
      otherReason: "Equipment outside our program",
    });
    expect(saved.json()).toMatchObject({
      declined: true,
      completedOn: "2026-03-04",
      dueOn: "2026-04-03",
      recipient: "owner@noticepaving.example",
      noticeSentOn: null,
    });

    const preview = await call("GET", `/api/back-office/adverse-action/deal/${dealId}/notice.pdf`);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers["content-type"]).toBe("application/pdf");
    expect(preview.headers["content-disposition"]).toMatch(/^attachment; filename="notice-of-action-deal-/);
    const { doc, pages } = await readPdf(preview.rawPayload);
    const [width, height] = [doc.getPage(0).getWidth(), doc.getPage(0).getHeight()];
    expect([width, height]).toEqual([612, 792]);
    const text = pages.join(" ");
    expect(text).toContain("Notice of Action Taken");
    expect(text).toContain("we cannot grant credit to NOTICE PAVING");
    expect(text).toContain("Length of time in business");
    expect(text).toContain("Bankruptcy");
    expect(text).toContain("Equipment outside our program");
    expect(text).toContain("The Federal Equal Credit Opportunity Act prohibits creditors from discriminating");
    expect(text).toContain("[Federal regulator name and address]");
    expect(text).not.toContain("98-7654321");

    const sent = await call("POST", `/api/back-office/adverse-action/deal/${dealId}/send`);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().noticeSentOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The applicant's status mail of the decline (docs/product-rules.md#r31-declining-and-sending-the-notice) comes
    // first; the notice follows.
    const mail = await catcher.waitFor(
      (each) => each.to.includes("owner@noticepaving.example") && each.subject.startsWith("Notice of action"),
    );
    expect(mail.subject).toBe("Notice of action taken on your application with Keystone Equipment Capital");
    const [pdf] = mailAttachments(mail.raw, "application/pdf");
    expect(pdf?.filename).toMatch(/^notice-of-action-deal-.*\.pdf$/);
    expect((await readPdf(pdf!.content)).pages.join(" ")).toContain("Bankruptcy");
    expect(mail.body).not.toContain("Bankruptcy");

    const [stored] = await server.database.db.select().from(deal).where(eq(deal.id, dealId));
    expect(stored!.declinedNoticeSentOn).toBe(sent.json().noticeSentOn);
    const history = await server.database.db
      .select()
      .from(dealHistory)
      .where(and(eq(dealHistory.dealId, dealId), eq(dealHistory.field, "declinedNoticeSentOn")));
    expect(history).toHaveLength(1);
    const audits = await server.database.db.select().from(auditLog).where(eq(auditLog.subject, dealId));
    expect(audits.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(["adverse-action.notice-preview", "adverse-action.notice-sent"]),
    );
    expect((await call("POST", `/api/back-office/adverse-action/deal/${dealId}/send`)).statusCode).toBe(409);
    const outbox = await server.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, "owner@noticepaving.example"));
    expect(outbox.filter((mail) => mail.subject.startsWith("Notice of action"))).toHaveLength(1);
  });

  it("is staff's only: a vendor is refused", async () => {
    const dealId = await submitDeal({ businessName: "vendor tries" });
    expect(
      (await call("GET", `/api/back-office/adverse-action/deal/${dealId}`, undefined, vendorCookie)).statusCode,
    ).toBe(403);
    expect((await call("GET", "/api/back-office/adverse-action", undefined, vendorCookie)).statusCode).toBe(403);
  });
});

describe("adverse-action notice for a declined credit application", () => {
  it("is declined on the application, sent with the right-to-request statement (60 days) to the business e-mail", async () => {
    const created = await server.app.inject({
      method: "POST",
      url: "/api/leads/credit-application",
      payload: sampleCreditApplication({ businessEmail: "apply@quarry.example", BusinessName: "Quarry Works LLC" }),
      remoteAddress: "10.9.9.1",
    });
    const id = created.json().id as string;
    const declined = await call("PUT", `/api/back-office/adverse-action/credit-application/${id}/decision`, {
      decision: "declined",
    });
    expect(declined.json()).toMatchObject({ declined: true, recipient: "apply@quarry.example" });
    await call("PUT", `/api/back-office/adverse-action/credit-application/${id}`, {
      statement: "right-to-request",
      reasons: ["bankruptcy"],
      otherReason: "ignored",
    });
    const text = (
      await readPdf(
        (await call("GET", `/api/back-office/adverse-action/credit-application/${id}/notice.pdf`)).rawPayload,
      )
    ).pages.join(" ");
    expect(text).toContain("You have the right to a statement of specific reasons");
    expect(text).toContain("within 60 days from the date of this notice");
    expect(text).toContain("42 Quarry Road");
    expect(text).not.toContain("Bankruptcy");
    expect((await call("POST", `/api/back-office/adverse-action/credit-application/${id}/send`)).statusCode).toBe(200);
    await catcher.waitFor((mail) => mail.to.includes("apply@quarry.example"));
    const [decision] = await server.database.db
      .select()
      .from(creditApplicationDecision)
      .where(eq(creditApplicationDecision.applicationId, id));
    expect(decision!.noticeSentOn).not.toBeNull();
  });
});

describe("declines due", () => {
  it("lists declines without a notice, fewest days left first, overdue below zero", async () => {
    const late = await submitDeal({ businessName: "late declined" });
    const recent = await submitDeal({ businessName: "recent declined" });
    await call("PATCH", `/api/back-office/deals/${recent}`, {
      stage: 0,
      declinedReceivedOn: "2026-05-20",
      declinedCompletedOn: "2026-05-20",
    });
    await call("PATCH", `/api/back-office/deals/${late}`, {
      stage: 0,
      declinedReceivedOn: "2026-04-01",
      declinedCompletedOn: "2026-04-01",
    });
    const due = await declinesDue(server.database.db, "America/Los_Angeles", new Date("2026-05-05T18:00:00Z"));
    const ours = due.filter((row) => row.businessName === "LATE DECLINED" || row.businessName === "RECENT DECLINED");
    expect(ours.map((row) => [row.businessName, row.daysLeft])).toEqual([
      ["LATE DECLINED", -4],
      ["RECENT DECLINED", 45],
    ]);
    expect(due.map((row) => row.daysLeft)).toEqual([...due.map((row) => row.daysLeft)].sort((a, b) => a - b));
    const listed = (await call("GET", "/api/back-office/adverse-action")).json().declines as { id: string }[];
    expect(listed.map((row) => row.id)).toEqual(expect.arrayContaining([late, recent]));
  });
});

describe("the day the application was complete (12 CFR 1002.9(a)(1))", () => {
  const received = new Date("2025-11-23T18:00:00Z");

  async function applicationDeclinedOn(name: string, decidedOn: string) {
    const created = await server.app.inject({
      method: "POST",
      url: "/api/leads/credit-application",
      payload: sampleCreditApplication({ BusinessName: name }),
      remoteAddress: "10.9.9.2",
    });
    const id = created.json().id as string;
    await server.database.db.update(creditApplication).set({ createdAt: received }).where(eq(creditApplication.id, id));
    await call("PUT", `/api/back-office/adverse-action/credit-application/${id}/decision`, { decision: "declined" });
    await server.database.db
      .update(creditApplicationDecision)
      .set({ receivedOn: "2025-11-23", decidedOn })
      .where(eq(creditApplicationDecision.applicationId, id));
    return id;
  }

  it("counts the notice's 30 days from the application received Nov 23, not from the decline on Nov 26", async () => {
    const id = await applicationDeclinedOn("Received Nov 23 LLC", "2025-11-26");
    expect((await call("GET", `/api/back-office/adverse-action/credit-application/${id}`)).json()).toMatchObject({
      receivedOn: "2025-11-23",
      completedOn: "2025-11-23",
      decidedOn: "2025-11-26",
      dueOn: "2025-12-23",
    });
    const row = (await declinesDue(server.database.db, "America/Los_Angeles", new Date("2025-12-01T18:00:00Z"))).find(
      (each) => each.id === id,
    );
    expect(row).toMatchObject({
      completedOn: "2025-11-23",
      decidedOn: "2025-11-26",
      dueOn: "2025-12-23",
      daysLeft: 22,
    });

    const dealId = await submitDeal({ businessName: "submitted nov 23" });
    await server.database.db.update(deal).set({ createdAt: received }).where(eq(deal.id, dealId));
    await call("PATCH", `/api/back-office/deals/${dealId}`, { stage: 0 });
    expect((await call("GET", `/api/back-office/adverse-action/deal/${dealId}`)).json()).toMatchObject({
      receivedOn: "2025-11-23",
      completedOn: "2025-11-23",
      dueOn: "2025-12-23",
    });
  });

  it("is recorded by staff, kept in the file's history, and orders the declines due", async () => {
    const later = await applicationDeclinedOn("Completed Later LLC", "2025-11-24");
    const earlier = await applicationDeclinedOn("Completed Earlier LLC", "2025-11-28");
    const url = `/api/back-office/adverse-action/credit-application/${later}/completed-on`;
    const saved = await call("PUT", url, { completedOn: "2025-11-25" });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ completedOn: "2025-11-25", dueOn: "2025-12-25" });
    const history = (await call("GET", `/api/back-office/leads/credit-application/${later}`)).json().history;
    expect(history).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          field: "completedOn",
          from: "2025-11-23",
          to: "2025-11-25",
          actor: "credit@lender.example",
        }),
      ]),
    );

    const due = (await declinesDue(server.database.db, "America/Los_Angeles", new Date("2025-12-01T18:00:00Z"))).filter(
      (row) => row.id === later || row.id === earlier,
    );
    // Declined first, but complete later: due later.
    expect(due.map((row) => [row.id, row.dueOn])).toEqual([
      [earlier, "2025-12-23"],
      [later, "2025-12-25"],
    ]);

    expect((await call("PUT", url, { completedOn: "2025-11-22" })).json()).toMatchObject({
      code: "VALIDATION_FAILED",
      message: expect.stringMatching(/before it was received/),
    });
    expect((await call("PUT", url, { completedOn: "2999-01-01" })).statusCode).toBe(400);
    expect((await call("PUT", url, { completedOn: "2025-02-30" })).statusCode).toBe(400);
    expect((await call("PUT", url, { completedOn: "2025-11-25" }, vendorCookie)).statusCode).toBe(403);

    const dealId = await submitDeal({ businessName: "deal completed later" });
    await server.database.db.update(deal).set({ createdAt: received }).where(eq(deal.id, dealId));
    await call("PATCH", `/api/back-office/deals/${dealId}`, { stage: 0 });
    const dealSaved = await call("PUT", `/api/back-office/adverse-action/deal/${dealId}/completed-on`, {
      completedOn: "2025-11-24",
    });
    expect(dealSaved.json()).toMatchObject({ completedOn: "2025-11-24", dueOn: "2025-12-24" });
    const lines = await server.database.db
      .select()
      .from(dealHistory)
      .where(and(eq(dealHistory.dealId, dealId), eq(dealHistory.field, "declinedCompletedOn")));
    expect(lines.map((line) => [line.fromValue, line.toValue])).toEqual([["2025-11-23", "2025-11-24"]]);

    await call("PUT", `/api/back-office/adverse-action/deal/${dealId}`, {
      statement: "right-to-request",
      reasons: [],
      otherReason: "",
    });
    expect((await call("POST", `/api/back-office/adverse-action/deal/${dealId}/send`)).statusCode).toBe(200);
    expect(
      (await call("PUT", `/api/back-office/adverse-action/deal/${dealId}/completed-on`, { completedOn: "2025-11-23" }))
        .statusCode,
    ).toBe(409);

    // The deal form keeps the same rule: not before receipt, not to come, not once the notice is sent.
    const formDeal = await submitDeal({ businessName: "deal form completed day" });
    await server.database.db.update(deal).set({ createdAt: received }).where(eq(deal.id, formDeal));
    const before = await call("PATCH", `/api/back-office/deals/${formDeal}`, { declinedCompletedOn: "2025-11-20" });
    expect(before.json()).toMatchObject({
      code: "VALIDATION_FAILED",
      message: expect.stringMatching(/before it was received/),
    });
    expect(
      (await call("PATCH", `/api/back-office/deals/${formDeal}`, { declinedCompletedOn: "2999-01-01" })).statusCode,
    ).toBe(400);
    expect(
      (await call("PATCH", `/api/back-office/deals/${formDeal}`, { declinedCompletedOn: "2025-11-24" })).statusCode,
    ).toBe(200);
    expect(
      (await call("PATCH", `/api/back-office/deals/${dealId}`, { declinedCompletedOn: "2025-11-25" })).statusCode,
    ).toBe(409);
  });
});
