import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dealerRoles, type DealerRole } from "#domain/auth/dealer-roles.ts";
import { authRoles } from "#domain/auth/roles.ts";
import { teamMessages } from "#domain/team/contracts.ts";
import { sampleNewDealFields, sampleQuestionnaireAnswer } from "../demo/sample-requests.ts";
import {
  loopbackAddress,
  signIn,
  startTestServer,
  testOrigin,
  type TestServer,
} from "../../tests/support/test-server.ts";
import { multipartBody, samplePdf } from "../../tests/support/multipart.ts";
import { passwordLinkIn } from "../../tests/support/password-link.ts";
import { createVendor } from "../../tests/support/vendor-fixtures.ts";
import { createAccount } from "../accounts/create-account.ts";
import { apiKey } from "../api-keys/tables.ts";
import { auditLog } from "../audit/tables.ts";
import { user } from "../auth/tables.ts";
import { deal, dealDocument } from "../deals/tables.ts";
import { mailOutbox } from "../mail/tables.ts";
import { vendorLinkVisit } from "../partners/tables.ts";
import { invitationsPerCompanyPerDay } from "./invite-team-member.ts";

type Member = { id: string; email: string; cookie: string };

let server: TestServer;
let staffAdmin: string;

beforeAll(async () => {
  server = await startTestServer();
  await createAccount(server.auth, {
    email: "admin@lender.example",
    name: "Admin",
    role: authRoles.admin,
    password: "admin-password-1",
    emailVerified: true,
  });
  staffAdmin = (await signIn(server.app, "admin@lender.example", "admin-password-1")).cookie;
});
afterAll(() => server?.close());

const db = () => server.database.db;
const send = (method: "GET" | "POST" | "PATCH", url: string, cookie: string, payload?: object) =>
  server.app.inject({
    method,
    url,
    payload,
    remoteAddress: loopbackAddress(),
    headers: { cookie, origin: testOrigin },
  });

/** A company with its dealer admin (its first user) and two sales reps. */
async function dealerTeam(name: string) {
  const created = await createVendor(server.database, server.auth, name);
  const [row] = await db().select({ id: user.id }).from(user).where(eq(user.email, created.email));
  const admin: Member = {
    id: row!.id,
    email: created.email,
    cookie: (await signIn(server.app, created.email, created.password)).cookie,
  };
  const member = async (tag: string, dealerRole: DealerRole = dealerRoles.rep): Promise<Member> => {
    const email = `${tag}@${created.company.slug}.example`;
    const { id } = await createAccount(server.auth, {
      email,
      name: `${tag[0]!.toUpperCase()}${tag.slice(1)} of ${name}`,
      role: authRoles.vendor,
      password: "rep-password-12",
      emailVerified: true,
      vendorCompanyId: created.company.id,
      dealerRole,
    });
    return { id, email, cookie: (await signIn(server.app, email, "rep-password-12")).cookie };
  };
  return { company: created.company, admin, rep: await member("rita"), colleague: await member("carl"), member };
}

async function submitDeal(cookie: string, businessName: string): Promise<string> {
  const upload = multipartBody({ deal: JSON.stringify(sampleNewDealFields({ businessName })) }, [
    { field: "client-info", name: "application.pdf", content: samplePdf },
  ]);
  const response = await server.app.inject({
    method: "POST",
    url: "/api/portal/deals",
    payload: upload.payload,
    remoteAddress: loopbackAddress(),
    headers: { cookie, origin: testOrigin, "content-type": upload.contentType },
  });
  expect(response.statusCode).toBe(201);
  return (response.json() as { id: string }).id;
}

const sendQuote = (cookie: string, customerName: string) =>
  send("POST", "/api/portal/quotes", cookie, {
    price: "45,000",
    customerName,
    customerEmail: "casey@customer.example",
    tier: "",
  });

const dealIds = async (cookie: string, query = "month=all") =>
  ((await send("GET", `/api/portal/deals?${query}`, cookie)).json() as { deals: { id: string }[] }).deals.map(
    (row) => row.id,
  );

const mailsTo = (to: string, subject: string) =>
  db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), like(mailOutbox.subject, subject)));

describe("what a sales rep sees", () => {
  it("gives a sales rep a 404 for a colleague's deal, thread, document and quote, as for another company's", async () => {
    const team = await dealerTeam("Rio Tractors");
    const dealId = await submitDeal(team.rep.cookie, "rita's own excavation");
    const quote = (await sendQuote(team.rep.cookie, "Rita Quote Customer")).json() as { id: string };
    const [document] = await db().select().from(dealDocument).where(eq(dealDocument.dealId, dealId));

    for (const url of [
      `/api/portal/deals/${dealId}`,
      `/api/portal/deals/${dealId}/messages`,
      `/api/portal/documents/${document!.id}`,
    ]) {
      expect((await send("GET", url, team.colleague.cookie)).statusCode, url).toBe(404);
      expect((await send("GET", url, team.rep.cookie)).statusCode, url).toBe(200);
      expect((await send("GET", url, team.admin.cookie)).statusCode, url).toBe(200);
    }
    expect((await send("POST", `/api/portal/quotes/${quote.id}/withdraw`, team.colleague.cookie)).statusCode).toBe(404);
    expect((await dealIds(team.colleague.cookie)).includes(dealId)).toBe(false);
    expect(await dealIds(team.rep.cookie)).toEqual([dealId]);
    expect((await send("GET", "/api/portal/quotes", team.colleague.cookie)).json().quotes).toEqual([]);
    expect((await send("GET", "/api/portal/quotes", team.rep.cookie)).json().quotes).toHaveLength(1);
    const dashboard = (cookie: string) => send("GET", "/api/portal/dashboard?month=all", cookie);
    expect((await dashboard(team.colleague.cookie)).json().applications).toBe(0);
    expect((await dashboard(team.rep.cookie)).json().applications).toBe(1);
    expect((await dashboard(team.admin.cookie)).json().applications).toBe(1);
  });

  it("shows the dealer admin every deal with its owner, and filters by owner", async () => {
    const team = await dealerTeam("Owner Filter Farm");
    const ritas = await submitDeal(team.rep.cookie, "rita's filter deal");
    const carls = await submitDeal(team.colleague.cookie, "carl's filter deal");
    const listed = (await send("GET", "/api/portal/deals?month=all", team.admin.cookie)).json() as {
      deals: { id: string; owner: { id: string; name: string; active: boolean } | null }[];
    };
    expect(Object.fromEntries(listed.deals.map((row) => [row.id, row.owner?.name]))).toEqual({
      [ritas]: "Rita of Owner Filter Farm",
      [carls]: "Carl of Owner Filter Farm",
    });
    expect(await dealIds(team.admin.cookie, `month=all&owner=${team.rep.id}`)).toEqual([ritas]);
    // A rep's filter cannot widen what they see.
    expect(await dealIds(team.colleague.cookie, `month=all&owner=${team.rep.id}`)).toEqual([]);
  });

  it("refuses a sales rep the company's team, keys and webhooks", async () => {
    const team = await dealerTeam("Keyless Cranes");
    for (const url of ["/api/portal/team", "/api/portal/api-keys", "/api/portal/webhooks"])
      expect((await send("GET", url, team.rep.cookie)).statusCode, url).toBe(403);
    expect((await send("GET", "/api/portal/team", team.admin.cookie)).statusCode).toBe(200);
    const me = (await send("GET", "/api/me", team.rep.cookie)).json() as { user: { dealerRole: string } };
    expect(me.user.dealerRole).toBe(dealerRoles.rep);
  });

  it("mails a deal's stage changes to its owner, never to a colleague", async () => {
    const team = await dealerTeam("Stage Mail Motors");
    const dealId = await submitDeal(team.rep.cookie, "stage mail paving");
    const moved = await send("PATCH", `/api/back-office/deals/${dealId}`, staffAdmin, { stage: 2 });
    expect(moved.statusCode).toBe(200);
    expect(await mailsTo(team.rep.email, "STAGE MAIL PAVING%")).toHaveLength(1);
    expect(await mailsTo(team.colleague.email, "STAGE MAIL PAVING%")).toHaveLength(0);
  });
});

describe("the team screen's changes", () => {
  it("invites a user with a role through the invitation link, tells the admins, and audits it", async () => {
    const team = await dealerTeam("Invite Implements");
    const invited = await send("POST", "/api/portal/team", team.admin.cookie, {
      name: "Nora New",
      email: "Nora.New@invite.example",
      dealerRole: dealerRoles.rep,
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({
      member: { name: "Nora New", email: "nora.new@invite.example", dealerRole: dealerRoles.rep, verified: false },
      message: teamMessages.invited("nora.new@invite.example"),
    });
    const [invitation] = await mailsTo("nora.new@invite.example", "You are invited%");
    expect(invitation!.text).toContain(`${team.admin.email} added you to your company's team`);
    // The token is in the fragment, and the outbox holds it hidden (docs/product-rules.md#r37-no-secret-in-a-url-or-a-log).
    expect(() => passwordLinkIn(invitation!.text)).toThrow();
    expect(await mailsTo(team.admin.email, "Nora New was invited to your team")).toHaveLength(1);
    const [row] = await db().select().from(user).where(eq(user.email, "nora.new@invite.example"));
    expect(row).toMatchObject({ vendorCompanyId: team.company.id, dealerRole: dealerRoles.rep, role: "vendor" });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "team.invited"), eq(auditLog.subject, row!.id)));
    expect(audit!.actorUserId).toBe(team.admin.id);
    expect(
      (
        await send("POST", "/api/portal/team", team.admin.cookie, {
          name: "N",
          email: row!.email,
          dealerRole: "sales-rep",
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await send("POST", "/api/portal/team", team.rep.cookie, {
          name: "R",
          email: "r@x.example",
          dealerRole: "sales-rep",
        })
      ).statusCode,
    ).toBe(403);
  });

  it("caps invitations at 20 a company a day", async () => {
    const team = await dealerTeam("Capped Combines");
    // The company's admin and its two reps joined today too.
    for (let index = 3; index < invitationsPerCompanyPerDay; index++) {
      const response = await send("POST", "/api/portal/team", team.admin.cookie, {
        name: `Person ${index}`,
        email: `person-${index}@capped.example`,
        dealerRole: dealerRoles.rep,
      });
      expect(response.statusCode).toBe(201);
    }
    const refused = await send("POST", "/api/portal/team", team.admin.cookie, {
      name: "One Too Many",
      email: "too-many@capped.example",
      dealerRole: dealerRoles.rep,
    });
    expect(refused.statusCode).toBe(429);
    expect(await db().select().from(user).where(eq(user.email, "too-many@capped.example"))).toEqual([]);
  });

  it("refuses to leave the company without an active dealer admin, and never changes one's own seat", async () => {
    const team = await dealerTeam("Lone Admin Loaders");
    const asRep = { dealerRole: dealerRoles.rep };
    const own = await send("PATCH", `/api/portal/team/${team.admin.id}`, team.admin.cookie, asRep);
    expect([own.statusCode, own.json().message]).toEqual([409, teamMessages.notYourself]);
    const byStaff = await send("PATCH", `/api/back-office/vendors/${team.admin.id}/dealer-role`, staffAdmin, asRep);
    expect([byStaff.statusCode, byStaff.json().message]).toEqual([409, teamMessages.lastAdmin]);
    expect((await send("POST", `/api/portal/team/${team.admin.id}/deactivate`, team.admin.cookie)).statusCode).toBe(
      409,
    );
    // Another admin first: then the first one may become a rep, and takes effect on their next request.
    const promoted = await send("PATCH", `/api/portal/team/${team.rep.id}`, team.admin.cookie, {
      dealerRole: dealerRoles.admin,
    });
    expect(promoted.json().member).toMatchObject({ id: team.rep.id, dealerRole: dealerRoles.admin });
    expect((await send("GET", "/api/portal/team", team.rep.cookie)).statusCode).toBe(200);
    expect((await send("PATCH", `/api/portal/team/${team.admin.id}`, team.rep.cookie, asRep)).statusCode).toBe(200);
    expect((await send("GET", "/api/portal/team", team.admin.cookie)).statusCode).toBe(403);
    expect(await mailsTo(team.admin.email, "%is now sales rep")).toHaveLength(1);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "team.role-changed"), eq(auditLog.subject, team.admin.id)));
    expect(audits.map((entry) => entry.details)).toEqual([
      { companyId: team.company.id, from: dealerRoles.admin, to: dealerRoles.rep },
    ]);
  });

  it("lets the credit team's admins change a vendor's role, in that vendor's company only", async () => {
    const team = await dealerTeam("Staff Changed Skids");
    const changed = await send("PATCH", `/api/back-office/vendors/${team.rep.id}/dealer-role`, staffAdmin, {
      dealerRole: dealerRoles.admin,
    });
    expect(changed.statusCode).toBe(200);
    expect((await send("GET", "/api/portal/team", team.rep.cookie)).statusCode).toBe(200);
    const other = await dealerTeam("Other Company Cranes");
    expect(
      (await send("PATCH", `/api/portal/team/${team.rep.id}`, other.admin.cookie, { dealerRole: dealerRoles.rep }))
        .statusCode,
    ).toBe(404);
  });

  it("deactivates a user: signed out everywhere, keys revoked, deals kept until handed to another rep", async () => {
    const team = await dealerTeam("Leaver Lifts");
    const keyHolder = await team.member("kim", dealerRoles.admin);
    const key = await send("POST", "/api/portal/api-keys", keyHolder.cookie, { name: "Kim's CRM" });
    expect(key.statusCode).toBe(201);
    const dealId = await submitDeal(team.rep.cookie, "leaver's loader");
    await sendQuote(team.rep.cookie, "Leaver Quote Customer");

    expect((await send("POST", `/api/portal/team/${keyHolder.id}/deactivate`, team.admin.cookie)).statusCode).toBe(200);
    expect((await send("GET", "/api/portal/deals", keyHolder.cookie)).statusCode).toBe(401);
    const [revoked] = await db().select().from(apiKey).where(eq(apiKey.createdByUserId, keyHolder.id));
    expect(revoked!.revokedAt).not.toBeNull();

    expect((await send("POST", `/api/portal/team/${team.rep.id}/deactivate`, team.admin.cookie)).statusCode).toBe(200);
    const listed = (await send("GET", "/api/portal/deals?month=all", team.admin.cookie)).json() as {
      deals: { id: string; owner: { id: string; active: boolean } }[];
    };
    expect(listed.deals.find((row) => row.id === dealId)!.owner).toMatchObject({ id: team.rep.id, active: false });
    const members = (await send("GET", "/api/portal/team", team.admin.cookie)).json().members as {
      id: string;
      active: boolean;
      openDeals: number;
      quotes: number;
    }[];
    expect(members.find((member) => member.id === team.rep.id)).toMatchObject({
      active: false,
      openDeals: 1,
      quotes: 1,
    });

    const toLeaver = await send("POST", "/api/portal/team/reassign", team.admin.cookie, {
      fromUserId: team.colleague.id,
      toUserId: team.rep.id,
    });
    expect(toLeaver.statusCode).toBe(409);
    const handed = await send("POST", "/api/portal/team/reassign", team.admin.cookie, {
      fromUserId: team.rep.id,
      toUserId: team.colleague.id,
    });
    expect(handed.json()).toEqual({ deals: 1, quotes: 1 });
    expect(await dealIds(team.colleague.cookie)).toEqual([dealId]);
    expect((await send("GET", "/api/portal/quotes", team.colleague.cookie)).json().quotes).toHaveLength(1);
    expect(await mailsTo(team.colleague.email, "%customers are now%")).toHaveLength(1);
    // The new owner hears of the deal's stages from now on.
    await send("PATCH", `/api/back-office/deals/${dealId}`, staffAdmin, { stage: 2 });
    expect(await mailsTo(team.colleague.email, "LEAVER'S LOADER%")).toHaveLength(1);
  });
});

describe("the dealer API inside a company", () => {
  it("answers a colleague's request under another's Idempotency-Key as a conflict, never with their deal", async () => {
    const team = await dealerTeam("Keyed Colleagues");
    const other = await team.member("olga", dealerRoles.admin);
    const keyOf = async (cookie: string) =>
      ((await send("POST", "/api/portal/api-keys", cookie, { name: "CRM" })).json() as { secret: string }).secret;
    const { idempotencyKey: _unused, ...fields } = sampleNewDealFields({ businessName: "same key excavation" });
    const create = (key: string) =>
      server.app.inject({
        method: "POST",
        url: "/api/v1/deals",
        remoteAddress: loopbackAddress(),
        headers: {
          authorization: `Bearer ${key}`,
          "idempotency-key": "shared-key-0001",
          "content-type": "application/json",
        },
        payload: JSON.stringify(fields),
      });
    const first = await create(await keyOf(team.admin.cookie));
    expect(first.statusCode).toBe(201);
    const second = await create(await keyOf(other.cookie));
    expect(second.statusCode).toBe(409);
    expect(second.body).not.toContain((first.json() as { id: string }).id);
  });
});

describe("a sales rep's own link", () => {
  it("brings a customer through a rep's own link to that rep: the visit, the referred deal and the link's figures", async () => {
    const team = await dealerTeam("Link Rep Logistics");
    const repLink = (await send("GET", "/api/portal/link", team.rep.cookie)).json() as { slug: string; url: string };
    expect(repLink.slug).toMatch(new RegExp(`^${team.company.slug}--[0-9a-f]{8}$`));
    expect(repLink.url).toBe(`${testOrigin}/vendor_partner/${repLink.slug}`);
    const companyLink = (await send("GET", "/api/portal/link", team.admin.cookie)).json() as { slug: string };
    expect(companyLink.slug).toBe(team.company.slug);

    const visit = await server.app.inject({
      method: "POST",
      url: `/api/vendor-links/${repLink.slug}/visit`,
      remoteAddress: loopbackAddress(),
      headers: { origin: testOrigin },
    });
    expect(visit.json()).toEqual({ counted: true });
    const [visits] = await db()
      .select()
      .from(vendorLinkVisit)
      .where(eq(vendorLinkVisit.vendorCompanyId, team.company.id));
    expect(visits!.ownerUserId).toBe(team.rep.id);

    const lead = await server.app.inject({
      method: "POST",
      url: "/api/leads/questionnaire-answer",
      remoteAddress: loopbackAddress(),
      headers: { origin: testOrigin },
      payload: sampleQuestionnaireAnswer({ vendorSlug: repLink.slug, nameOfOwner: "Linda Linked" }),
    });
    expect(lead.statusCode).toBe(201);
    const [referred] = await db().select().from(deal).where(eq(deal.ownersName, "Linda Linked"));
    expect(referred).toMatchObject({
      vendorCompanyId: team.company.id,
      ownerUserId: team.rep.id,
      source: "vendor-link",
    });
    expect(await dealIds(team.rep.cookie)).toEqual([referred!.id]);
    expect(await dealIds(team.colleague.cookie)).toEqual([]);
    expect(await mailsTo(team.rep.email, "New referred customer%")).toHaveLength(1);
    expect(await mailsTo(team.colleague.email, "New referred customer%")).toHaveLength(0);

    expect((await send("GET", "/api/portal/link", team.rep.cookie)).json()).toMatchObject({
      visits: { total: 1 },
      leads: { total: 1 },
    });
    expect((await send("GET", "/api/portal/link", team.colleague.cookie)).json()).toMatchObject({
      visits: { total: 0 },
      leads: { total: 0 },
    });
    expect((await send("GET", "/api/portal/link", team.admin.cookie)).json()).toMatchObject({
      visits: { total: 1 },
      leads: { total: 1 },
    });
  });

  it("keeps a deactivated rep's link working for the company, owned by nobody", async () => {
    const team = await dealerTeam("Gone Rep Graders");
    const repLink = (await send("GET", "/api/portal/link", team.rep.cookie)).json() as { slug: string };
    await send("POST", `/api/portal/team/${team.rep.id}/deactivate`, team.admin.cookie);
    const lead = await server.app.inject({
      method: "POST",
      url: "/api/leads/questionnaire-answer",
      remoteAddress: loopbackAddress(),
      headers: { origin: testOrigin },
      payload: sampleQuestionnaireAnswer({ vendorSlug: repLink.slug, nameOfOwner: "Orphan Owner" }),
    });
    expect(lead.statusCode).toBe(201);
    const [referred] = await db().select().from(deal).where(eq(deal.ownersName, "Orphan Owner"));
    expect(referred).toMatchObject({ vendorCompanyId: team.company.id, ownerUserId: null });
    expect(await mailsTo(team.admin.email, "New referred customer%")).toHaveLength(1);
  });
});
