import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookEventBody } from "#domain/webhooks/event-payloads.ts";
import { authRoles } from "#domain/auth/roles.ts";
import { webhookEventTypes } from "#domain/webhooks/events.ts";
import { sampleCreditApplication, sampleNewDealFields } from "../demo/sample-requests.ts";
import { multipartBody, samplePdf } from "../../tests/support/multipart.ts";
import {
  loopbackAddress,
  signIn,
  startTestServer,
  testOrigin,
  type TestServer,
} from "../../tests/support/test-server.ts";
import { createVendor } from "../../tests/support/vendor-fixtures.ts";
import { startWebhookReceiver } from "../../tests/support/webhook-receiver.ts";
import { waiveEveryStip } from "../../tests/support/approval-fixtures.ts";
import { signerSessionCookie } from "../../tests/support/signing-fixtures.ts";
import type { DealSigning } from "#domain/signing/back-office-contracts.ts";
import type { DealFunding } from "#domain/funding/back-office-contracts.ts";
import { wallTimeInTimeZone } from "#domain/site/business-time.ts";
import { auditLog } from "../audit/tables.ts";
import { user } from "../auth/tables.ts";
import { vendorQuote } from "../quotes/tables.ts";
import { webhookDelivery, webhookEndpoint, webhookEvent } from "./tables.ts";
import { dealStip } from "../stips/tables.ts";
import { funder as funderTable } from "../funders/tables.ts";
import { blankFunderAnswer, type DealFunders } from "#domain/funders/deal-funder-contracts.ts";
import { createAccount } from "../accounts/create-account.ts";
import { newQuoteToken } from "../quotes/quote-token.ts";
import { checkWebhookTarget } from "./check-target.ts";
import { verifySignatureHeader } from "./sign-payload.ts";

// Loopback receivers are allowed on `server` (WEBHOOK_ALLOW_LOOPBACK, as the tests' setting) and not on `strict`
// (production's rule).
let server: TestServer;
let strict: TestServer;
let checkerCookie = "";
let staffCookie: string;
let vendorA: { cookie: string; companyId: string };
let vendorB: { cookie: string; companyId: string };
let strictVendor: { cookie: string; companyId: string };

async function vendorOn(target: TestServer, name: string) {
  const created = await createVendor(target.database, target.auth, name);
  return { cookie: (await signIn(target.app, created.email, created.password)).cookie, companyId: created.company.id };
}

beforeAll(async () => {
  // The poller is slowed down so that each test decides when a delivery pass runs (routes still wake it after a
  // change).
  server = await startTestServer({
    WEBHOOK_ALLOW_LOOPBACK: "true",
    WEBHOOK_POLL_MS: "3600000",
    WEBHOOK_TIMEOUT_MS: "2000",
  });
  strict = await startTestServer({ WEBHOOK_POLL_MS: "3600000" });
  await createAccount(server.auth, {
    email: "staff@hooks.example",
    name: "Sam Staff",
    role: authRoles.staff,
    password: "staff-password-1",
    emailVerified: true,
  });
  staffCookie = (await signIn(server.app, "staff@hooks.example", "staff-password-1")).cookie;
  await createAccount(server.auth, {
    email: "checker@hooks.example",
    name: "Cam Checker",
    role: authRoles.staff,
    password: "staff-password-2",
    emailVerified: true,
  });
  checkerCookie = (await signIn(server.app, "checker@hooks.example", "staff-password-2")).cookie;
  vendorA = await vendorOn(server, "Hook Motors");
  vendorB = await vendorOn(server, "Other Hook Motors");
  strictVendor = await vendorOn(strict, "Strict Motors");
});
afterAll(async () => {
  await server?.close();
  await strict?.close();
});

const call = (
  target: TestServer,
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  cookie: string,
  payload?: object,
) =>
  target.app.inject({
    method,
    url,
    payload,
    headers: { cookie, origin: testOrigin },
    remoteAddress: loopbackAddress(),
  });

async function addEndpoint(target: TestServer, cookie: string, url: string, events: string[] = ["deal.stage_changed"]) {
  const response = await call(target, "POST", "/api/portal/webhooks", cookie, {
    url,
    events,
    description: "Dealer DMS",
  });
  return { response, body: response.json() as { endpoint: { id: string }; secret: string } };
}

async function submitDeal(cookie: string, name: string) {
  const body = multipartBody({ deal: JSON.stringify(sampleNewDealFields({ businessName: name })) }, [
    { field: "client-info", name: "app.pdf", content: samplePdf },
  ]);
  const response = await server.app.inject({
    method: "POST",
    url: "/api/portal/deals",
    payload: body.payload,
    headers: { cookie, origin: testOrigin, "content-type": body.contentType },
  });
  return response.json().id as string;
}

const deliveriesOf = (endpointId: string) =>
  server.database.db
    .select()
    .from(webhookDelivery)
    .where(eq(webhookDelivery.endpointId, endpointId))
    .orderBy(webhookDelivery.createdAt);
/** Time passes: the endpoint's pending deliveries are due now. */
const makeDue = (endpointId: string) =>
  server.database.db.execute(
    sql`UPDATE webhook_delivery SET next_attempt_at = now() WHERE endpoint_id = ${endpointId} AND status = 'pending'`,
  );
const secondsUntilNextAttempt = async (deliveryId: string) => {
  const result = (await server.database.db.execute(
    sql`SELECT extract(epoch from next_attempt_at - now())::float8 AS seconds FROM webhook_delivery WHERE id = ${deliveryId}`,
  )) as unknown as {
    rows: { seconds: number }[];
  };
  return result.rows[0]!.seconds;
};

describe("webhooks", () => {
  it("delivers a deal's stage change (back-office PATCH) to a real receiver, signed, with its event id", async () => {
    const receiver = await startWebhookReceiver();
    try {
      const { response, body } = await addEndpoint(server, vendorA.cookie, receiver.url());
      expect(response.statusCode).toBe(201);
      expect(body.secret).toMatch(/^whsec_/);
      const [stored] = await server.database.db
        .select()
        .from(webhookEndpoint)
        .where(eq(webhookEndpoint.id, body.endpoint.id));
      expect(stored!.secretEncrypted).not.toContain(body.secret);
      expect(server.cipher.decrypt(stored!.secretEncrypted)).toBe(body.secret);

      const dealId = await submitDeal(vendorA.cookie, "hook paving");
      const arrival = receiver.next();
      const changedAt = performance.now();
      expect(
        (await call(server, "PATCH", `/api/back-office/deals/${dealId}`, staffCookie, { stage: 2 })).statusCode,
      ).toBe(200);
      const request = await arrival;
      console.info(`webhook latency: stage change PATCH to receiver ${Math.round(request.at - changedAt)} ms`);

      const signature = String(request.headers["kec-signature"]);
      expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(verifySignatureHeader(body.secret, signature, request.body)).toBe(true);
      expect(verifySignatureHeader("whsec_wrong", signature, request.body)).toBe(false);
      const event = JSON.parse(request.body);
      expect(request.headers["kec-event-id"]).toBe(event.id);
      expect(request.headers["content-type"]).toBe("application/json");
      expect(event).toMatchObject({
        type: "deal.stage_changed",
        data: { id: dealId, stage: 2, businessName: "HOOK PAVING" },
      });
      expect(request.body).not.toContain("98-7654321");
      expect(request.body).not.toContain("1980-02-03");
      expect(receiver.received).toHaveLength(1); // deal.created was not chosen

      await expect.poll(async () => (await deliveriesOf(body.endpoint.id))[0]?.status).toBe("delivered");
      const listed = (await call(server, "GET", "/api/portal/webhooks", vendorA.cookie)).json();
      const shown = listed.endpoints.find((endpoint: { id: string }) => endpoint.id === body.endpoint.id);
      expect(shown.deliveries[0]).toMatchObject({
        eventId: event.id,
        eventType: "deal.stage_changed",
        status: "delivered",
        lastStatusCode: 200,
        attempts: 1,
      });
      expect(JSON.stringify(listed)).not.toContain(body.secret);
      expect(server.logs()).not.toContain(body.secret);
      await call(server, "DELETE", `/api/portal/webhooks/${body.endpoint.id}`, vendorA.cookie);
    } finally {
      await receiver.stop();
    }
  });

  it("delivers one event of every type, each body as its published schema says; a deal event's data is the deal as GET /api/v1/deals/{id} shows it", async () => {
    const receiver = await startWebhookReceiver();
    const { body } = await addEndpoint(server, vendorA.cookie, receiver.url(), [...webhookEventTypes]);
    const apiKey = (await call(server, "POST", "/api/portal/api-keys", vendorA.cookie, { name: "Schema check" })).json()
      .secret as string;
    const dealId = await submitDeal(vendorA.cookie, "schema paving");
    expect(
      (await call(server, "PATCH", `/api/back-office/deals/${dealId}`, staffCookie, { stage: 2 })).statusCode,
    ).toBe(200);
    const message = multipartBody({ body: "Approved, documents follow." }, []);
    const posted = await server.app.inject({
      method: "POST",
      url: `/api/back-office/deals/${dealId}/messages`,
      payload: message.payload,
      headers: { cookie: staffCookie, origin: testOrigin, "content-type": message.contentType },
    });
    expect(posted.statusCode).toBe(201);
    const v1Deal = (
      await server.app.inject({
        url: `/api/v1/deals/${dealId}`,
        headers: { authorization: `Bearer ${apiKey}` },
        remoteAddress: loopbackAddress(),
      })
    ).json().deal;
    // A quote of the company, applied by its customer's credit application.
    const [owner] = await server.database.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.vendorCompanyId, vendorA.companyId));
    const { token, tokenHash } = newQuoteToken();
    const [quote] = await server.database.db
      .insert(vendorQuote)
      .values({
        companyId: vendorA.companyId,
        createdByUserId: owner!.id,
        price: 45000,
        customerName: "Casey Customer",
        customerEmail: "casey@customer.example",
        terms: [],
        tokenHash,
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    expect(
      (
        await call(server, "POST", "/api/leads/credit-application", "", {
          ...sampleCreditApplication(),
          quoteToken: token,
        })
      ).statusCode,
    ).toBe(201);
    // The deal approved through a funder with its stips (deal.approved, deal.stips_requested); one sent back (deal.stip_reviewed).
    const [funder] = await server.database.db
      .insert(funderTable)
      .values({ name: "Schema Funding", programs: ["equipment-finance"] })
      .returning();
    const sent = (
      await call(server, "POST", `/api/back-office/deals/${dealId}/funders`, staffCookie, { funderIds: [funder!.id] })
    ).json() as DealFunders;
    const submissionId = sent.submissions[0]!.id;
    const answered = (
      await call(server, "POST", `/api/back-office/deals/${dealId}/funders/${submissionId}/answers`, staffCookie, {
        ...blankFunderAnswer,
        decision: "conditioned",
        amount: "40,000",
        termMonths: "36",
        payment: "1,250",
        conditions: "Voided business check",
      })
    ).json() as DealFunders;
    const answerId = answered.submissions[0]!.answers[0]!.id;
    const presentUrl = `/api/back-office/deals/${dealId}/funders/${submissionId}/answers/${answerId}/present`;
    expect((await call(server, "POST", presentUrl, staffCookie)).statusCode).toBe(200);
    const [stip] = await server.database.db.select().from(dealStip).where(eq(dealStip.dealId, dealId)).limit(1);
    const files = multipartBody({ note: "" }, [{ field: "file", name: "stip.pdf", content: samplePdf }]);
    const stipSent = await server.app.inject({
      method: "POST",
      url: `/api/portal/deals/${dealId}/stips/${stip!.id}/files`,
      payload: files.payload,
      remoteAddress: loopbackAddress(),
      headers: { cookie: vendorA.cookie, origin: testOrigin, "content-type": files.contentType },
    });
    expect(stipSent.statusCode, stipSent.body).toBe(201);
    const reviewUrl = `/api/back-office/deals/${dealId}/stips/${stip!.id}/review`;
    const rejected = await call(server, "POST", reviewUrl, staffCookie, { review: "reject", reason: "Unreadable." });
    expect(rejected.statusCode).toBe(200);
    // Its documents: sent to two signers, one signs (documents.signed), the other declines (documents.declined);
    // a second package for one signer is signed and sealed (documents.sent again, documents.completed).
    await waiveEveryStip(server, staffCookie, dealId);
    const twoSigners = [
      { name: "Casey Owner", email: "casey@owner.example", title: "Owner", signsForBusiness: true, guarantor: false },
      { name: "Gale Guarantor", email: "gale@owner.example", title: "", signsForBusiness: false, guarantor: true },
    ];
    const sendPackageFor = async (signers: typeof twoSigners) => {
      const made = await call(server, "POST", `/api/back-office/deals/${dealId}/signing`, staffCookie, {
        signers,
        inOrder: false,
        lease: false,
      });
      expect(made.statusCode, made.body).toBe(201);
      const draft = (made.json() as DealSigning).packages[0]!;
      expect(
        (await call(server, "POST", `/api/back-office/signing-packages/${draft.id}/send`, staffCookie)).statusCode,
      ).toBe(200);
      return draft;
    };
    const signAllOf = async (draft: DealSigning["packages"][number], signerId: string) => {
      const cookie = await signerSessionCookie(server.database, signerId, { consented: true });
      for (const [index, document] of draft.documents.filter((each) => each.signerId === signerId).entries()) {
        const signed = await call(server, "POST", `/api/signer/documents/${document.id}/sign`, cookie, {
          ...(index === 0 ? { signature: { kind: "typed", name: "Casey Owner", initials: "CO" } } : {}),
          intent: true,
        });
        expect(signed.statusCode, signed.body).toBe(200);
      }
      return cookie;
    };
    const first = await sendPackageFor(twoSigners);
    await signAllOf(first, first.signers[0]!.id);
    const gale = await signerSessionCookie(server.database, first.signers[1]!.id, { consented: true });
    const declined = await call(server, "POST", "/api/signer/decline", gale, { reason: "The term is too long." });
    expect(declined.statusCode, declined.body).toBe(200);
    const second = await sendPackageFor(twoSigners.slice(0, 1));
    await signAllOf(second, second.signers[0]!.id);
    await expect
      .poll(
        async () =>
          ((await call(server, "GET", `/api/back-office/deals/${dealId}/signing`, staffCookie)).json() as DealSigning)
            .packages[0]!.status,
      )
      .toBe("completed");
    // Verified with its sealed delivery certificate, then funded by a second staff member (deal.funded).
    const funding = (
      await call(server, "GET", `/api/back-office/deals/${dealId}/funding`, staffCookie)
    ).json() as DealFunding;
    const verified = await call(server, "POST", `/api/back-office/deals/${dealId}/verification`, staffCookie, {
      calledName: "Casey Owner",
      calledPhone: "(555) 201-3344",
      calledAt: wallTimeInTimeZone(new Date(Date.now() - 3_600_000), server.config.public.brand.timeZone),
      identity: true,
      equipmentReceived: true,
      paymentAndTerm: true,
      insurance: true,
      deliveryCertificateDocumentId: funding.suggestedCertificateId,
      note: "",
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const prepared = await call(server, "POST", `/api/back-office/deals/${dealId}/funding`, staffCookie);
    expect(prepared.statusCode, prepared.body).toBe(201);
    const fundingId = (prepared.json() as DealFunding).fundings[0]!.id;
    const approved = await call(server, "POST", `/api/back-office/fundings/${fundingId}/approve`, checkerCookie);
    expect(approved.statusCode, approved.body).toBe(200);

    await server.app.deliverWebhooksNow();
    // Every type at least once (the waived stips, the stage moves and the second package add more).
    const typesReceived = () =>
      new Set(receiver.received.map((request) => (JSON.parse(request.body) as { type: string }).type));
    await expect.poll(() => typesReceived().size).toBe(webhookEventTypes.length);

    const events = receiver.received.map(
      (request) =>
        JSON.parse(request.body) as { id: string; type: string; created: number; data: Record<string, unknown> },
    );
    expect([...new Set(events.map((event) => event.type))].sort()).toEqual([...webhookEventTypes].sort());
    for (const event of events) {
      // Valid, and nothing beyond the schema (parsing drops unknown keys).
      expect(webhookEventBody.parse(event), event.type).toEqual(event);
      expect(Math.abs(event.created - Date.now() / 1000), event.type).toBeLessThan(120);
    }
    const ofType = (type: string) => events.find((event) => event.type === type)!.data;
    expect(ofType("deal.message_created")).toEqual(v1Deal);
    expect(ofType("deal.created")).toMatchObject({ id: dealId, stage: 1 });
    expect(ofType("deal.stage_changed")).toMatchObject({ id: dealId, stage: 2 });
    expect(ofType("quote.applied")).toMatchObject({ id: quote!.id, customerName: "Casey Customer", price: 45000 });
    expect(ofType("deal.approved")).toMatchObject({ id: dealId, approval: { amountCents: 4_000_000, termMonths: 36 } });
    expect(ofType("deal.stips_requested")).toMatchObject({
      id: dealId,
      stips: expect.arrayContaining([expect.objectContaining({ name: "Voided business check", status: "requested" })]),
    });
    expect(ofType("deal.stip_reviewed")).toMatchObject({
      id: dealId,
      stip: { id: stip!.id, status: "rejected", reason: "Unreadable." },
    });
    expect(ofType("documents.signed")).toMatchObject({ id: dealId, signerId: first.signers[0]!.id });
    expect(ofType("documents.declined")).toMatchObject({
      id: dealId,
      package: { id: first.id, status: "declined", endedReason: "The term is too long." },
    });
    expect(ofType("documents.completed")).toMatchObject({
      id: dealId,
      stage: 4,
      package: { id: second.id, status: "completed" },
    });
    expect(ofType("deal.funded")).toMatchObject({ id: dealId, stage: 6, funding: { status: "funded" } });
    // Never a signer's address.
    expect(JSON.stringify(events.filter((event) => event.type.startsWith("documents.")))).not.toContain(
      "@owner.example",
    );
    await call(server, "DELETE", `/api/portal/webhooks/${body.endpoint.id}`, vendorA.cookie);
    await receiver.stop();
  });

  it("retries a receiver that is down with backoff, and delivers the same event id once it is back; redeliver sends it again", async () => {
    const receiver = await startWebhookReceiver();
    const { body } = await addEndpoint(server, vendorA.cookie, receiver.url(), ["deal.message_created"]);
    await receiver.stop();
    const dealId = await submitDeal(vendorA.cookie, "down paving");
    const message = multipartBody({ body: "Please send the invoice." }, []);
    const posted = await server.app.inject({
      method: "POST",
      url: `/api/back-office/deals/${dealId}/messages`,
      payload: message.payload,
      headers: { cookie: staffCookie, origin: testOrigin, "content-type": message.contentType },
    });
    expect(posted.statusCode).toBe(201);
    await server.app.deliverWebhooksNow();
    await expect.poll(async () => (await deliveriesOf(body.endpoint.id))[0]?.lastError).toBe("connection refused");
    let [delivery] = await deliveriesOf(body.endpoint.id);
    expect(delivery).toMatchObject({ status: "pending", lastError: "connection refused", lastStatusCode: null });
    expect(await secondsUntilNextAttempt(delivery!.id)).toBeGreaterThan(50);
    expect(await secondsUntilNextAttempt(delivery!.id)).toBeLessThanOrEqual(60);
    // Not due yet: a pass sends nothing.
    expect(await server.app.deliverWebhooksNow()).toBe(0);

    // Back, but failing: the second attempt waits 5 minutes.
    await receiver.restart();
    receiver.answer({ status: 500 });
    await makeDue(body.endpoint.id);
    expect(await server.app.deliverWebhooksNow()).toBe(0);
    [delivery] = await deliveriesOf(body.endpoint.id);
    expect(delivery).toMatchObject({ status: "pending", attempts: 2, lastStatusCode: 500, lastError: "HTTP 500" });
    expect(await secondsUntilNextAttempt(delivery!.id)).toBeGreaterThan(290);

    receiver.answer({ status: 204 });
    await makeDue(body.endpoint.id);
    expect(await server.app.deliverWebhooksNow()).toBe(1);
    [delivery] = await deliveriesOf(body.endpoint.id);
    expect(delivery).toMatchObject({ status: "delivered", attempts: 3, lastStatusCode: 204, lastError: null });
    const eventIds = receiver.received.map((request) => request.headers["kec-event-id"]);
    expect(eventIds).toEqual([delivery!.eventId, delivery!.eventId]);
    expect(JSON.parse(receiver.received[1]!.body)).toMatchObject({
      id: delivery!.eventId,
      type: "deal.message_created",
      data: { id: dealId, businessName: "DOWN PAVING" },
    });
    expect(receiver.received[0]!.body).toBe(receiver.received[1]!.body);

    // Redeliver from the portal: a new delivery of the same event.
    const redelivered = await call(
      server,
      "POST",
      `/api/portal/webhooks/${body.endpoint.id}/deliveries/${delivery!.id}/redeliver`,
      vendorA.cookie,
    );
    expect(redelivered.statusCode).toBe(201);
    await expect.poll(() => receiver.received.length).toBe(3);
    expect(receiver.received[2]!.headers["kec-event-id"]).toBe(delivery!.eventId);
    expect(
      verifySignatureHeader(
        body.secret,
        String(receiver.received[2]!.headers["kec-signature"]),
        receiver.received[2]!.body,
      ),
    ).toBe(true);
    const audit = await server.database.db.select().from(auditLog).where(eq(auditLog.subject, body.endpoint.id));
    expect(audit.map((entry) => entry.action)).toEqual(expect.arrayContaining(["webhook.create", "webhook.redeliver"]));
    await call(server, "DELETE", `/api/portal/webhooks/${body.endpoint.id}`, vendorA.cookie);
    await receiver.stop();
  });

  it("gives up after the last retry and marks the delivery failed", async () => {
    const receiver = await startWebhookReceiver();
    receiver.answer({ status: 503 });
    const { body } = await addEndpoint(server, vendorA.cookie, receiver.url(), ["deal.created"]);
    await submitDeal(vendorA.cookie, "gives up paving");
    await expect.poll(async () => (await deliveriesOf(body.endpoint.id))[0]?.lastStatusCode).toBe(503);
    await server.database.db.execute(
      sql`UPDATE webhook_delivery SET attempts = 8, next_attempt_at = now() WHERE endpoint_id = ${body.endpoint.id}`,
    );
    await server.app.deliverWebhooksNow();
    expect((await deliveriesOf(body.endpoint.id))[0]).toMatchObject({
      status: "failed",
      attempts: 9,
      lastStatusCode: 503,
    });
    await call(server, "DELETE", `/api/portal/webhooks/${body.endpoint.id}`, vendorA.cookie);
    await receiver.stop();
  });

  it("does not follow a redirect to an internal address: a 3xx is a failed attempt, recorded", async () => {
    const inside = await startWebhookReceiver();
    const receiver = await startWebhookReceiver();
    receiver.answer({ status: 302, location: inside.url("/steal") });
    const { body } = await addEndpoint(server, vendorA.cookie, receiver.url(), ["deal.created"]);
    await submitDeal(vendorA.cookie, "redirect paving");
    await expect.poll(async () => (await deliveriesOf(body.endpoint.id))[0]?.lastStatusCode).toBe(302);
    expect((await deliveriesOf(body.endpoint.id))[0]).toMatchObject({
      status: "pending",
      lastStatusCode: 302,
      lastError: "redirect (302) not followed",
    });
    expect(receiver.received).toHaveLength(1);
    expect(inside.received).toHaveLength(0);
    await call(server, "DELETE", `/api/portal/webhooks/${body.endpoint.id}`, vendorA.cookie);
    await receiver.stop();
    await inside.stop();
  });

  it("refuses loopback, private, link-local and metadata addresses, at registration and again at delivery", async () => {
    const receiver = await startWebhookReceiver();
    for (const url of [
      "https://127.0.0.1/hooks",
      "https://localhost/hooks",
      "https://10.0.0.5/hooks",
      "https://172.20.1.1/hooks",
      "https://192.168.1.10/hooks",
      "https://169.254.169.254/latest/meta-data",
      "https://[::1]/hooks",
      "https://[::ffff:127.0.0.1]/hooks",
      "https://[fd00::1]/hooks",
      "https://100.64.0.1/hooks",
    ]) {
      const { response } = await addEndpoint(strict, strictVendor.cookie, url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message, url).toBe(
        "This address is not reachable from the internet. Use a public https:// address.",
      );
    }
    expect((await addEndpoint(strict, strictVendor.cookie, receiver.url())).response.json().message).toBe(
      "Please use an https:// address.",
    );
    expect(
      (await addEndpoint(strict, strictVendor.cookie, "https://user:pw@example.com/hooks")).response.statusCode,
    ).toBe(400);
    // The tests' loopback setting lets loopback through and nothing else.
    for (const url of ["http://10.0.0.5/hooks", "http://169.254.169.254/latest/meta-data", "http://[fe80::1]/hooks"]) {
      expect((await addEndpoint(server, vendorA.cookie, url)).response.statusCode, url).toBe(400);
    }
    // A name that resolves to any internal address is refused, whatever else it resolves to.
    const lookup = async () => [
      { address: "93.184.216.34", family: 4 },
      { address: "10.1.2.3", family: 4 },
    ];
    await expect(checkWebhookTarget("https://rebind.example/hooks", { allowLoopback: false, lookup })).rejects.toThrow(
      /not reachable/,
    );
    await expect(
      checkWebhookTarget("https://public.example/hooks", {
        allowLoopback: false,
        lookup: async () => [{ address: "93.184.216.34", family: 4 }],
      }),
    ).resolves.toMatchObject({
      address: "93.184.216.34",
    });

    // An address that became internal after registration (a changed DNS answer) is checked again before each attempt.
    const [row] = await strict.database.db
      .insert(webhookEndpoint)
      .values({
        vendorCompanyId: strictVendor.companyId,
        url: `https://127.0.0.1:${receiver.port}/hooks`,
        events: ["deal.created"],
        secretEncrypted: strict.cipher.encrypt("whsec_x"),
        createdByUserId: (await strict.database.db.select({ id: user.id }).from(user).limit(1))[0]!.id,
      })
      .returning();
    const [event] = await strict.database.db
      .insert(webhookEvent)
      .values({ vendorCompanyId: strictVendor.companyId, type: "deal.created", payload: {} })
      .returning();
    await strict.database.db.insert(webhookDelivery).values({ eventId: event!.id, endpointId: row!.id });
    expect(await strict.app.deliverWebhooksNow()).toBe(0);
    const [refused] = await strict.database.db
      .select()
      .from(webhookDelivery)
      .where(eq(webhookDelivery.endpointId, row!.id));
    expect(refused).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: null });
    expect(refused!.lastError).toMatch(/^address refused: This address is not reachable/);
    expect(receiver.received).toHaveLength(0);

    // Under NODE_ENV=test nothing leaves this machine, even an address that is public (a fuzzer may register one).
    await strict.database.db
      .update(webhookEndpoint)
      .set({ url: "https://93.184.216.34/hooks" })
      .where(eq(webhookEndpoint.id, row!.id));
    await strict.database.db.execute(
      sql`UPDATE webhook_delivery SET next_attempt_at = now() WHERE endpoint_id = ${row!.id}`,
    );
    expect(await strict.app.deliverWebhooksNow()).toBe(0);
    const [kept] = await strict.database.db
      .select()
      .from(webhookDelivery)
      .where(eq(webhookDelivery.endpointId, row!.id));
    expect(kept).toMatchObject({
      status: "pending",
      attempts: 2,
      lastError: "not sent: tests deliver to this machine only",
    });
    await receiver.stop();
  });

  it("keeps each company's endpoints to itself: another company's ids are not found", async () => {
    const receiver = await startWebhookReceiver();
    const { body } = await addEndpoint(server, vendorA.cookie, receiver.url(), ["deal.created"]);
    await submitDeal(vendorA.cookie, "private paving");
    await expect.poll(async () => (await deliveriesOf(body.endpoint.id))[0]?.status).toBe("delivered");
    const [delivery] = await deliveriesOf(body.endpoint.id);
    const listedForB = (await call(server, "GET", "/api/portal/webhooks", vendorB.cookie)).json();
    expect(listedForB.endpoints.map((endpoint: { id: string }) => endpoint.id)).not.toContain(body.endpoint.id);
    expect(
      (
        await call(
          server,
          "POST",
          `/api/portal/webhooks/${body.endpoint.id}/deliveries/${delivery!.id}/redeliver`,
          vendorB.cookie,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await call(server, "PATCH", `/api/portal/webhooks/${body.endpoint.id}`, vendorB.cookie, { enabled: false }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(server, "POST", `/api/portal/webhooks/${body.endpoint.id}/roll-secret`, vendorB.cookie)).statusCode,
    ).toBe(404);
    expect((await call(server, "DELETE", `/api/portal/webhooks/${body.endpoint.id}`, vendorB.cookie)).statusCode).toBe(
      404,
    );
    // B's deals never reach A's endpoint.
    await submitDeal(vendorB.cookie, "b paving");
    await server.app.deliverWebhooksNow();
    expect(receiver.received.map((request) => JSON.parse(request.body).data.businessName)).toEqual(["PRIVATE PAVING"]);
    // Staff are not vendors: the portal's endpoints are refused.
    expect((await call(server, "GET", "/api/portal/webhooks", staffCookie)).statusCode).toBe(403);
    await call(server, "DELETE", `/api/portal/webhooks/${body.endpoint.id}`, vendorA.cookie);
    await receiver.stop();
  });

  it("rolls the secret, disables and deletes an endpoint (audited); a disabled endpoint gets nothing new", async () => {
    const receiver = await startWebhookReceiver();
    const { body } = await addEndpoint(server, vendorA.cookie, receiver.url(), ["deal.created"]);
    const rolled = (
      await call(server, "POST", `/api/portal/webhooks/${body.endpoint.id}/roll-secret`, vendorA.cookie)
    ).json().secret as string;
    expect(rolled).not.toBe(body.secret);
    await submitDeal(vendorA.cookie, "rolled paving");
    await expect.poll(() => receiver.received.length).toBe(1);
    const signed = receiver.received[0]!;
    expect(verifySignatureHeader(rolled, String(signed.headers["kec-signature"]), signed.body)).toBe(true);
    expect(verifySignatureHeader(body.secret, String(signed.headers["kec-signature"]), signed.body)).toBe(false);

    const disabled = await call(server, "PATCH", `/api/portal/webhooks/${body.endpoint.id}`, vendorA.cookie, {
      enabled: false,
    });
    expect(disabled.json().endpoint.enabled).toBe(false);
    await submitDeal(vendorA.cookie, "disabled paving");
    await server.app.deliverWebhooksNow();
    expect(receiver.received).toHaveLength(1);
    expect(await deliveriesOf(body.endpoint.id)).toHaveLength(1);

    expect((await call(server, "DELETE", `/api/portal/webhooks/${body.endpoint.id}`, vendorA.cookie)).statusCode).toBe(
      200,
    );
    expect(await deliveriesOf(body.endpoint.id)).toHaveLength(0);
    const audit = await server.database.db.select().from(auditLog).where(eq(auditLog.subject, body.endpoint.id));
    expect(audit.map((entry) => entry.action).sort()).toEqual([
      "webhook.create",
      "webhook.delete",
      "webhook.disable",
      "webhook.roll-secret",
    ]);
    await receiver.stop();
  });

  it("delivers a batch of events in parallel (throughput)", async () => {
    const receiver = await startWebhookReceiver();
    const { body } = await addEndpoint(server, vendorA.cookie, receiver.url(), ["deal.created"]);
    const [sample] = await server.database.db
      .insert(webhookEvent)
      .values({ vendorCompanyId: vendorA.companyId, type: "deal.created", payload: { id: "x" } })
      .returning();
    await server.database.db
      .insert(webhookDelivery)
      .values(Array.from({ length: 100 }, () => ({ eventId: sample!.id, endpointId: body.endpoint.id })));
    const started = performance.now();
    let delivered = 0;
    while (delivered < 100) delivered += await server.app.deliverWebhooksNow();
    const seconds = (performance.now() - started) / 1000;
    console.info(`webhook throughput: 100 deliveries in ${seconds.toFixed(2)} s (${Math.round(100 / seconds)}/s)`);
    expect(receiver.received).toHaveLength(100);
    await call(server, "DELETE", `/api/portal/webhooks/${body.endpoint.id}`, vendorA.cookie);
    await receiver.stop();
  });
});
