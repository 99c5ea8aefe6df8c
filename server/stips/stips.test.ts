import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRoles } from "#domain/auth/roles.ts";
import { blankStipRequest, type DealStips, type VendorStip } from "#domain/stips/contracts.ts";
import { webhookEventSchemas } from "#domain/webhooks/event-payloads.ts";
import { approvedDeal as approvedDealWithFunder } from "../../tests/support/approval-fixtures.ts";
import { multipartBody, notReallyPdf, samplePdf } from "../../tests/support/multipart.ts";
import { createVendor } from "../../tests/support/vendor-fixtures.ts";
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
import { responseClock } from "../response-times/tables.ts";
import { webhookEndpoint, webhookEvent } from "../webhooks/tables.ts";

let server: TestServer;
let staff = "";
const db = () => server.database.db;

beforeAll(async () => {
  server = await startTestServer();
  await createAccount(server.auth, {
    email: "staff@stips.example",
    name: "Stips Staff",
    role: authRoles.admin,
    password: "stips-password-1",
    emailVerified: true,
  });
  staff = (await signIn(server.app, "staff@stips.example", "stips-password-1")).cookie;
});
afterAll(() => server?.close());

const send = (method: "GET" | "POST", url: string, cookie: string, payload?: object) =>
  server.app.inject({
    method,
    url,
    payload,
    remoteAddress: loopbackAddress(),
    headers: { cookie, origin: testOrigin },
  });

const upload = (cookie: string, url: string, note: string, content: Buffer = samplePdf) => {
  const body = multipartBody({ note }, [{ field: "file", name: "papers.pdf", content }]);
  return server.app.inject({
    method: "POST",
    url,
    payload: body.payload,
    remoteAddress: loopbackAddress(),
    headers: { cookie, origin: testOrigin, "content-type": body.contentType },
  });
};

/** A vendor's deal approved by a funder whose conditions name a catalog stip and one in its own words. */
/** An approved deal whose company's webhook endpoint hears the approval and the stips' events. */
const approvedDeal = (companyName: string, conditions: string) =>
  approvedDealWithFunder(server, staff, companyName, { conditions }, (vendor, ownerUserId) =>
    db()
      .insert(webhookEndpoint)
      .values({
        vendorCompanyId: vendor.company.id,
        url: "https://dealer.example/hooks",
        events: ["deal.approved", "deal.stips_requested", "deal.stip_reviewed"],
        secretEncrypted: server.cipher.encrypt("whsec_x"),
        createdByUserId: ownerUserId,
      }),
  );

const stipsOf = async (dealId: string) =>
  (await send("GET", `/api/back-office/deals/${dealId}/stips`, staff)).json() as DealStips;
const portalStips = async (cookie: string, dealId: string) =>
  ((await send("GET", `/api/portal/deals/${dealId}/stips`, cookie)).json() as { stips: VendorStip[] }).stips;
const named = (stips: readonly VendorStip[], name: string) => stips.find((stip) => stip.name === name)!;
/** The deal's open-stips counter (the trigger's), and what the stips themselves say. */
const openStips = async (dealId: string) => {
  const [row] = await db().select({ openStips: deal.openStips }).from(deal).where(eq(deal.id, dealId));
  const counted = (await stipsOf(dealId)).stips.filter((stip) => ["requested", "rejected"].includes(stip.status));
  return [row!.openStips, counted.length];
};

describe("a deal's stips", () => {
  it("requests the approval's stips: the catalog's defaults for the program and amount, and its conditions, once each; the dealer hears", async () => {
    const { vendor, cookie, dealId } = await approvedDeal(
      "Stip Ridge Motors",
      "Voided business check\n- Proof the building is owned; Certificate of insurance.",
    );
    const stips = await stipsOf(dealId);
    expect(stips.stips.map((stip) => [stip.name, stip.satisfiedBy, stip.status])).toEqual([
      ["Bank statements (last 3 months)", "applicant", "requested"],
      ["Certificate of insurance", "applicant", "requested"],
      ["Driver's license of each owner", "applicant", "requested"],
      ["Equipment invoice", "dealer", "requested"],
      ["Proof the building is owned", "applicant", "requested"],
      ["Voided business check", "applicant", "requested"],
    ]);
    // $75,000 is below the tax returns' $150,000.
    expect(stips.stips.some((stip) => stip.name.startsWith("Business tax returns"))).toBe(false);
    expect(stips.readyForDocuments).toBe(false);
    expect(stips.catalog.find((kind) => kind.name === "Equipment invoice")).toMatchObject({ suggested: true });
    expect(stips.stips[0]!.steps).toEqual([
      expect.objectContaining({ status: "requested", by: "Credit team: staff@stips.example" }),
    ]);
    // The dealer reads the same list, and a mail names what is needed.
    expect((await portalStips(cookie, dealId)).map((stip) => stip.name)).toEqual(stips.stips.map((stip) => stip.name));
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, vendor.email), like(mailOutbox.subject, "Stips requested:%")));
    expect(mail).toBeDefined();
    // Webhooks: the approval with its terms (never the funder), then the stips.
    const events = await db().select().from(webhookEvent).where(eq(webhookEvent.vendorCompanyId, vendor.company.id));
    const approved = events.find((event) => event.type === "deal.approved")!;
    expect(webhookEventSchemas["deal.approved"].shape.data.parse(approved.payload)).toMatchObject({
      id: dealId,
      approval: { amountCents: 7_500_000, termMonths: 48, paymentCents: 198_450 },
    });
    expect(JSON.stringify(approved.payload)).not.toContain("Stip Ridge Motors Funding");
    const requested = events.find((event) => event.type === "deal.stips_requested")!;
    expect(webhookEventSchemas["deal.stips_requested"].shape.data.parse(requested.payload).stips).toHaveLength(6);
    // Staff add one in their own words, and one from the catalog the deal already has is not asked twice.
    const invoice = stips.catalog.find((kind) => kind.name === "Equipment invoice")!;
    const more = await send("POST", `/api/back-office/deals/${dealId}/stips`, staff, {
      ...blankStipRequest,
      kinds: [invoice.id],
      name: "Title of the trade-in",
      satisfiedBy: "dealer",
    });
    expect(more.statusCode).toBe(201);
    expect((more.json() as DealStips).stips.map((stip) => stip.name)).toEqual([
      ...stips.stips.map((stip) => stip.name),
      "Title of the trade-in",
    ]);
    expect(await openStips(dealId)).toEqual([7, 7]);
    const empty = await send("POST", `/api/back-office/deals/${dealId}/stips`, staff, blankStipRequest);
    expect([empty.statusCode, empty.json().details]).toEqual([
      400,
      [{ path: "/name", message: "Choose a stip from the catalog or name one." }],
    ]);
  });

  it("takes the dealer's files, checked like every upload; staff reject with a reason, the dealer sends again, staff accept or waive; every stip in moves the deal", async () => {
    const { vendor, cookie, dealId } = await approvedDeal("Stip Valley Tractors", "");
    const before = await portalStips(cookie, dealId);
    const invoice = named(before, "Equipment invoice");
    const url = (stipId: string) => `/api/portal/deals/${dealId}/stips/${stipId}/files`;

    const fake = await upload(cookie, url(invoice.id), "", notReallyPdf);
    expect(fake.statusCode).toBe(415);
    const sent = await upload(cookie, url(invoice.id), "Invoice #4471");
    expect(sent.statusCode).toBe(201);
    expect((sent.json() as { stip: VendorStip }).stip).toMatchObject({
      status: "received",
      files: [{ name: "papers.pdf" }],
    });
    const [clock] = await db().select().from(responseClock).where(eq(responseClock.subjectId, invoice.id));
    expect(clock).toMatchObject({ subjectKind: "stip", source: "stip-dealer", firstContactAt: null });
    expect(clock!.dueAt.getTime()).toBeGreaterThan(clock!.arrivedAt.getTime());

    // Another company never reaches the deal's stips.
    const other = await createVendor(server.database, server.auth, "Stip Strangers");
    const otherCookie = (await signIn(server.app, other.email, other.password)).cookie;
    expect((await send("GET", `/api/portal/deals/${dealId}/stips`, otherCookie)).statusCode).toBe(404);
    expect((await upload(otherCookie, url(invoice.id), "")).statusCode).toBe(404);

    const review = (stipId: string, body: object) =>
      send("POST", `/api/back-office/deals/${dealId}/stips/${stipId}/review`, staff, body);
    const bank = named(before, "Bank statements (last 3 months)");
    expect((await review(bank.id, { review: "accept", reason: "" })).statusCode).toBe(409);
    const noReason = await review(invoice.id, { review: "reject", reason: "" });
    expect(noReason.json().details).toEqual([{ path: "/reason", message: "Say why: the dealer reads it." }]);
    expect((await review(invoice.id, { review: "reject", reason: "The serial numbers are missing." })).statusCode).toBe(
      200,
    );
    expect(named(await portalStips(cookie, dealId), "Equipment invoice")).toMatchObject({
      status: "rejected",
      reason: "The serial numbers are missing.",
    });
    expect(await openStips(dealId)).toEqual([5, 5]);
    const [rejectedMail] = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, vendor.email), like(mailOutbox.subject, "Stip rejected:%")));
    expect(rejectedMail).toBeDefined();
    const [reviewedClock] = await db().select().from(responseClock).where(eq(responseClock.subjectId, invoice.id));
    expect(reviewedClock!.firstContactAt).not.toBeNull();

    // Sent again: received, the reason gone, a new review clock.
    await upload(cookie, url(invoice.id), "With serials");
    expect(named(await portalStips(cookie, dealId), "Equipment invoice")).toMatchObject({
      status: "received",
      reason: "",
    });
    const [again] = await db().select().from(responseClock).where(eq(responseClock.subjectId, invoice.id));
    expect(again!.firstContactAt).toBeNull();
    expect((await review(invoice.id, { review: "accept", reason: "" })).statusCode).toBe(200);
    expect((await upload(cookie, url(invoice.id), "")).statusCode).toBe(409);

    // The dealer sends the applicant's papers too; staff waive the rest; every stip in moves the deal.
    await upload(cookie, url(bank.id), "From the customer");
    const rest = (await stipsOf(dealId)).stips.filter((stip) => stip.status === "requested");
    for (const stip of rest.slice(0, -1)) await review(stip.id, { review: "waive", reason: "Strong file." });
    expect((await db().select({ stage: deal.stage }).from(deal).where(eq(deal.id, dealId)))[0]!.stage).toBe(2);
    await review(rest.at(-1)!.id, { review: "waive", reason: "Strong file." });
    const moved = (await send("GET", `/api/back-office/deals/${dealId}`, staff)).json();
    expect(moved.deal.stage).toBe(4);
    expect(moved.history.at(-1)).toMatchObject({ actor: "Automatically, every stip in,", field: "stage", to: "4" });
    expect((await stipsOf(dealId)).readyForDocuments).toBe(false);
    await review(bank.id, { review: "accept", reason: "" });
    const done = await stipsOf(dealId);
    expect(done.readyForDocuments).toBe(true);
    expect(await openStips(dealId)).toEqual([0, 0]);
    expect(
      done.stips.find((stip) => stip.id === invoice.id)!.steps.map((step) => [step.status, step.by, step.note]),
    ).toEqual([
      ["requested", "Credit team: staff@stips.example", ""],
      ["received", `Dealer: ${vendor.email}`, "Invoice #4471"],
      ["rejected", "Credit team: staff@stips.example", "The serial numbers are missing."],
      ["received", `Dealer: ${vendor.email}`, "With serials"],
      ["accepted", "Credit team: staff@stips.example", ""],
    ]);
    const audits = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.subject, dealId), like(auditLog.action, "stip.%")));
    expect(new Set(audits.map((audit) => audit.action))).toEqual(
      new Set(["stip.requested", "stip.received", "stip.reviewed"]),
    );
    const reviewed = await db()
      .select()
      .from(webhookEvent)
      .where(and(eq(webhookEvent.vendorCompanyId, vendor.company.id), eq(webhookEvent.type, "deal.stip_reviewed")));
    expect(reviewed.length).toBeGreaterThanOrEqual(3);
  });
});
