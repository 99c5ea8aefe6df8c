import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRoles } from "#domain/auth/roles.ts";
import { isOverdue } from "#domain/leads/lead-inbox.ts";
import { responseDueAt } from "#domain/response-times/response-promise.ts";
import { multipartBody, samplePdf } from "../../tests/support/multipart.ts";
import {
  loopbackAddress,
  signIn,
  startTestServer,
  testOrigin,
  type TestServer,
} from "../../tests/support/test-server.ts";
import { createVendor } from "../../tests/support/vendor-fixtures.ts";
import { sampleNewDealFields } from "../demo/sample-requests.ts";
import { user } from "../auth/tables.ts";
import { deal, dealHistory, dealMessage } from "./tables.ts";
import { footerMessage, leadStatus } from "../leads/tables.ts";
import { mailOutbox } from "../mail/tables.ts";
import { responseClock } from "../response-times/tables.ts";
import { createAccount } from "../accounts/create-account.ts";

let server: TestServer;
let staffCookie: string;
let staffId: string;
let vendor: { cookie: string; email: string; id: string };

beforeAll(async () => {
  server = await startTestServer();
  await createAccount(server.auth, {
    email: "analyst@lender.example",
    name: "Ana Analyst",
    role: authRoles.staff,
    password: "staff-password-1",
    emailVerified: true,
  });
  staffCookie = (await signIn(server.app, "analyst@lender.example", "staff-password-1")).cookie;
  const created = await createVendor(server.database, server.auth, "Echo Equipment");
  vendor = { cookie: (await signIn(server.app, created.email, created.password)).cookie, email: created.email, id: "" };
  const users = await server.database.db.select({ id: user.id, email: user.email }).from(user);
  vendor.id = users.find((row) => row.email === created.email)!.id;
  staffId = users.find((row) => row.email === "analyst@lender.example")!.id;
});
afterAll(() => server?.close());

const request = (method: "GET" | "PATCH", url: string, cookie: string, payload?: object) =>
  server.app.inject({
    method,
    url,
    payload,
    headers: { cookie, origin: testOrigin },
    remoteAddress: loopbackAddress(),
  });

async function submitDeal(name: string) {
  const body = multipartBody({ deal: JSON.stringify(sampleNewDealFields({ businessName: name })) }, [
    { field: "client-info", name: "app.pdf", content: samplePdf },
  ]);
  const response = await server.app.inject({
    method: "POST",
    url: "/api/portal/deals",
    payload: body.payload,
    headers: { cookie: vendor.cookie, origin: testOrigin, "content-type": body.contentType },
  });
  return response.json().id as string;
}

/** The vendor's deal mails, oldest first (the new-deal confirmation goes to the credit team, not here). */
async function vendorMails(businessName: string) {
  const mails = await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, vendor.email));
  return mails
    .filter((mail) => mail.subject.startsWith(businessName.toUpperCase()))
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

describe("every change the vendor can see is mailed, one mail per save", () => {
  it("lists notes and down payment in one mail, with both in the history", async () => {
    const dealId = await submitDeal("notes paving");
    const response = await request("PATCH", `/api/back-office/deals/${dealId}`, staffCookie, {
      notes: "Need bank statements",
      downPayment: 7500,
    });
    expect(response.json().changed).toEqual(["notes", "downPayment"]);
    const mails = await vendorMails("notes paving");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("NOTES PAVING: deal updated");
    expect(mails[0]!.text).toContain(
      "Note from the credit team changed from “New Submission!” to “Need bank statements”.",
    );
    expect(mails[0]!.text).toContain("Down payment changed from $5,000.00 (estimated) to $7,500.00 (estimated).");
    expect(mails[0]!.text).toContain("Financing dependent on credit parameters.");
    const history = await server.database.db.select().from(dealHistory).where(eq(dealHistory.dealId, dealId));
    expect(history.map((row) => [row.field, row.fromValue, row.toValue]).sort()).toEqual([
      ["downPayment", "5000", "7500"],
      ["notes", "New Submission!", "Need bank statements"],
    ]);
  });

  it("says plainly when the approved amount is lowered, and keeps it in history and on the vendor's list", async () => {
    const dealId = await submitDeal("approved paving");
    await request("PATCH", `/api/back-office/deals/${dealId}`, staffCookie, { approvedAmount: 80000 });
    await request("PATCH", `/api/back-office/deals/${dealId}`, staffCookie, { approvedAmount: 65000.5 });
    const mails = await vendorMails("approved paving");
    expect(mails.map((mail) => mail.text.split("\n\n")[1])).toEqual([
      "Approved amount set to $80,000.00 (estimated).",
      "Approved amount lowered from $80,000.00 to $65,000.50 (estimated).",
    ]);
    expect(mails[1]!.html).toContain("Approved amount lowered from $80,000.00 to $65,000.50");
    const history = await server.database.db
      .select()
      .from(dealHistory)
      .where(and(eq(dealHistory.dealId, dealId), eq(dealHistory.field, "approvedAmount")));
    expect(history.map((row) => `${row.fromValue}->${row.toValue}`).sort()).toEqual(["->80000", "80000->65000.5"]);
    const listed = (await request("GET", "/api/portal/deals?month=all", vendor.cookie))
      .json()
      .deals.find((deal: { id: string }) => deal.id === dealId);
    expect(listed.approvedAmount).toBe(65000.5);
    expect((await request("GET", `/api/back-office/deals/${dealId}`, staffCookie)).json().deal.approvedAmount).toBe(
      65000.5,
    );
  });

  it("sends nothing and writes no history when a save changes nothing", async () => {
    const dealId = await submitDeal("same paving");
    const response = await request("PATCH", `/api/back-office/deals/${dealId}`, staffCookie, {
      stage: 1,
      notes: "New Submission!",
      costOfEquipment: 85000,
      downPayment: 5000,
      dealScore: 0,
    });
    expect(response.json().changed).toEqual([]);
    expect(await vendorMails("same paving")).toEqual([]);
    expect(await server.database.db.select().from(dealHistory).where(eq(dealHistory.dealId, dealId))).toEqual([]);
  });

  it("keeps the stage subject and lists the stage with its label, the tier and the cost together", async () => {
    const dealId = await submitDeal("stage paving");
    await request("PATCH", `/api/back-office/deals/${dealId}`, staffCookie, {
      stage: 2,
      dealScore: 3,
      costOfEquipment: 90000,
    });
    const [mail, ...rest] = await vendorMails("stage paving");
    expect(rest).toEqual([]);
    expect(mail!.subject).toBe("STAGE PAVING: Approved");
    expect(mail!.text).toContain("Stage changed from App In to Approved.");
    expect(mail!.text).toContain("Credit tier changed from Not rated to A credit.");
    expect(mail!.text).toContain("Cost of equipment changed from $85,000.00 (estimated) to $90,000.00 (estimated).");
  });
});

describe("the credit team's day", () => {
  it("counts new and overdue leads, deals waiting, vendor messages unanswered; the deals list flags and filters them", async () => {
    const db = server.database.db;
    const lead = (minutesAgo: number) => ({
      idempotencyKey: randomUUID(),
      nameOfBusiness: "Biz",
      nameUser: "N",
      emailUser: "n@example.com",
      message: "Hi",
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    });
    const leads = await db
      .insert(footerMessage)
      .values([lead(1), lead(120), lead(150), lead(60 * 24 * 3)])
      .returning({ id: footerMessage.id, createdAt: footerMessage.createdAt });
    // Their promise clocks, as storing a lead through its route starts them; the 150-minute one was contacted.
    const timeZone = server.config.public.brand.timeZone;
    await db.insert(responseClock).values(
      leads.map((row, index) => ({
        subjectKind: "lead" as const,
        subjectType: "footer-message",
        subjectId: row.id,
        source: "contact-form",
        arrivedAt: row.createdAt,
        dueAt: responseDueAt(row.createdAt, 30, timeZone),
        ...(index === 2 ? { firstContactAt: new Date(), firstContactBy: staffId } : {}),
      })),
    );
    await db.insert(leadStatus).values({ leadType: "footer-message", leadId: leads[2]!.id, status: "contacted" });
    // Overdue by the credit team's hours: the 3-day-old one always; the 120-minute one unless it arrived after hours.
    const overdue = [leads[1]!, leads[3]!].filter((row) =>
      isOverdue(responseDueAt(row.createdAt, 30, timeZone), "new", new Date()),
    ).length;

    const untouched = await submitDeal("untouched paving");
    const vendorLast = await submitDeal("vendor last paving");
    const answered = await submitDeal("answered paving");
    const changed = await submitDeal("changed paving");
    await request("PATCH", `/api/back-office/deals/${changed}`, staffCookie, { notes: "Looking at it" });
    const at = (seconds: number) => new Date(Date.now() - seconds * 1000);
    await db.insert(dealMessage).values([
      {
        dealId: vendorLast,
        authorUserId: staffId,
        authorRole: "staff",
        body: "Send the tax return",
        createdAt: at(30),
      },
      { dealId: vendorLast, authorUserId: vendor.id, authorRole: "vendor", body: "Here it is", createdAt: at(20) },
      { dealId: answered, authorUserId: vendor.id, authorRole: "vendor", body: "Any news?", createdAt: at(20) },
      { dealId: answered, authorUserId: staffId, authorRole: "staff", body: "Tomorrow", createdAt: at(10) },
    ]);
    // Written straight into the thread: the deal's "waiting since" as post-message.ts would keep it.
    await db
      .update(deal)
      .set({ awaitingReplySince: at(20) })
      .where(eq(deal.id, vendorLast));

    const summary = (await request("GET", "/api/back-office/summary", staffCookie)).json();
    const day = (instant: Date) => new Intl.DateTimeFormat("en-CA", { timeZone }).format(instant);
    // Leads of 1, 120 and 150 minutes ago are today unless the business day began since.
    const today = [1, 120, 150].filter(
      (minutes) => day(new Date(Date.now() - minutes * 60_000)) === day(new Date()),
    ).length;
    expect(summary).toEqual({
      newLeadsToday: today,
      overdueLeads: overdue,
      // untouched, and "same paving" above (a save that changed nothing is no action); vendorLast and
      // answered have staff messages; changed and the other deals above have history.
      dealsAwaitingAnswer: 2,
      vendorMessagesUnanswered: 1,
      stipsToReview: 0,
    });
    void untouched;

    const all = (await request("GET", "/api/back-office/deals", staffCookie)).json().deals as {
      id: string;
      vendorWroteLast: boolean;
    }[];
    expect(all.filter((deal) => deal.vendorWroteLast).map((deal) => deal.id)).toEqual([vendorLast]);
    const waiting = (await request("GET", "/api/back-office/deals?waiting=1", staffCookie)).json().deals as {
      id: string;
      vendorWroteLast: boolean;
    }[];
    expect(waiting.map((deal) => deal.id)).toEqual([vendorLast]);
    expect((await request("GET", "/api/back-office/deals?waiting=yes", staffCookie)).statusCode).toBe(400);
    expect((await request("GET", "/api/back-office/summary", vendor.cookie)).statusCode).toBe(403);
  });
});
