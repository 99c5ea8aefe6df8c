import { text } from "node:stream/consumers";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { monthAndYearInTimeZone } from "#domain/deals/business-month.ts";
import { stageValues } from "#domain/deals/stages.ts";
import { leadTypes } from "#domain/leads/lead-inbox.ts";
import type { DealerSigningPackage } from "#domain/signing/package-status.ts";
import { signIn, startTestServer, type TestServer } from "../../tests/support/test-server.ts";
import { calculatorLead } from "../calculator/tables.ts";
import { deal, dealDocument, dealHistory } from "../deals/tables.ts";
import { creditApplicationOwner } from "../leads/tables.ts";
import { mailOutbox } from "../mail/tables.ts";
import { partner } from "../partners/tables.ts";
import { earningsEntry } from "../earnings/tables.ts";
import { dealFunding } from "../funding/tables.ts";
import { parseNachaFile } from "../../tests/support/nacha-parser.ts";
import { payoutBatch, payoutEntry } from "../payouts/tables.ts";
import { demoRepEmails, demoStaffEmail, otherDemoVendorEmail, seedDemo, type DemoAccount } from "./seed-demo.ts";

const passwords = { admin: "admin-password-1", vendor: "vendor-password-1" };
let server: TestServer;
let accounts: DemoAccount[] | null;
let seedMs = 0;

beforeAll(async () => {
  server = await startTestServer();
  const started = performance.now();
  accounts = await seedDemo(server.database.db, server.auth, passwords, {
    storage: server.app.storage,
    cipher: server.cipher,
    config: server.config,
  });
  seedMs = performance.now() - started;
  console.info(`demo seed with samples: ${Math.round(seedMs)} ms (${server.database.driver})`);
});
afterAll(() => server?.close());

const get = (url: string, cookie: string) => server.app.inject({ url, headers: { cookie } });
const cookieOf = async (email: string, password: string) => (await signIn(server.app, email, password)).cookie;
type ListedDeal = { id: string; businessName: string; stage: number; notes: string; lastMessageAuthor: string | null };

describe("the demo seed with sample data", () => {
  // Its time is printed above and kept in docs/quality.md: a wall-clock bound here would fail on a busy machine.
  it("creates the accounts once, the second vendor included", async () => {
    expect(accounts?.map((account) => account.email)).toEqual([
      "admin@demo.example",
      "vendor@demo.example",
      demoStaffEmail,
      otherDemoVendorEmail,
      ...demoRepEmails,
    ]);
    expect(
      await seedDemo(server.database.db, server.auth, passwords, {
        storage: server.app.storage,
        cipher: server.cipher,
        config: server.config,
      }),
    ).toBeNull();
  });

  it("gives the demo vendor deals in every stage, all marked as samples, most in the current month", async () => {
    const cookie = await cookieOf("vendor@demo.example", passwords.vendor);
    const all = (await get("/api/portal/deals?month=all", cookie)).json() as { deals: ListedDeal[] };
    expect(new Set(all.deals.map((row) => row.stage))).toEqual(new Set(stageValues));
    for (const row of all.deals) expect(row.businessName).toMatch(/^SAMPLE — /);
    expect(
      all.deals
        .filter((row) => row.stage !== 1)
        .every((row) => row.notes.includes("Sample deal created by the demo seed.")),
    ).toBe(true);

    const current = (await get("/api/portal/deals", cookie)).json() as { deals: ListedDeal[] };
    expect(current.deals.length).toBeGreaterThanOrEqual(stageValues.length - 1);
    const dashboard = (await get("/api/portal/dashboard", cookie)).json();
    expect(dashboard.applications).toBe(current.deals.length);
    expect(dashboard.funded.count).toBeGreaterThanOrEqual(1);
    expect(dashboard.tiers[3]).toBeGreaterThan(0);

    const { month, year } = monthAndYearInTimeZone(new Date(), server.config.public.brand.timeZone);
    const rows = await server.database.db.select().from(deal);
    const thisMonth = rows.filter((row) => row.monthSubmitted === month && row.yearInFile === year);
    expect(rows.length - thisMonth.length).toBe(1);
    for (const row of rows) expect(row.createdAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it("records each deal's history as the pipeline does, step by step", async () => {
    const [funded] = await server.database.db
      .select()
      .from(deal)
      .where(eq(deal.businessName, "SAMPLE — NORTHWIND FARM SUPPLY"));
    expect(funded).toMatchObject({ stage: 6, dealScore: 3, costOfEquipment: 57500, downPayment: 7500 });
    const history = await server.database.db
      .select()
      .from(dealHistory)
      .where(eq(dealHistory.dealId, funded!.id))
      .orderBy(dealHistory.at);
    const stages = history.filter((row) => row.field === "stage").map((row) => `${row.fromValue}->${row.toValue}`);
    expect(stages).toEqual(["1->2", "2->3", "3->4", "4->5", "5->6"]);
    expect(history.at(-1)!.at.getTime()).toBeLessThanOrEqual(funded!.lastUpdate.getTime());
    expect(history[0]!.at.getTime()).toBeGreaterThan(funded!.createdAt.getTime());
    const [declined] = await server.database.db.select().from(deal).where(eq(deal.stage, 0));
    expect(declined!.declinedNoticeSentOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Stage changes mailed the vendor, as the back office does.
    const mails = await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, "vendor@demo.example"));
    expect(mails.some((mail) => mail.subject === "SAMPLE — NORTHWIND FARM SUPPLY: Funded")).toBe(true);
  });

  it("has threads answered by the credit team, with documents readable through storage", async () => {
    const cookie = await cookieOf("vendor@demo.example", passwords.vendor);
    const all = (await get("/api/portal/deals?month=all", cookie)).json() as { deals: ListedDeal[] };
    const granite = all.deals.find((row) => row.businessName === "SAMPLE — GRANITE PEAK EXCAVATION")!;
    expect(granite.lastMessageAuthor).toBe("staff");
    const thread = (await get(`/api/portal/deals/${granite.id}/messages`, cookie)).json();
    expect(thread.messages.map((message: { author: string }) => message.author)).toEqual(["vendor", "staff"]);
    expect(thread.documents.map((document: { name: string }) => document.name)).toEqual([
      "credit-application.pdf",
      "jobsite-photo.png",
    ]);
    const download = await get(`/api/portal/documents/${thread.documents[0].id}`, cookie);
    expect(download.statusCode).toBe(200);
    expect(download.body.startsWith("%PDF-")).toBe(true);

    const bakery = all.deals.find((row) => row.businessName === "SAMPLE — HARBOR LIGHT BAKERY")!;
    const answered = (await get(`/api/portal/deals/${bakery.id}/messages`, cookie)).json();
    expect(answered.messages.at(-1)).toMatchObject({ author: "staff", attachments: [{ name: "updated-terms.pdf" }] });

    const documents = await server.database.db.select().from(dealDocument);
    expect(documents.length).toBeGreaterThanOrEqual(14);
    for (const document of documents) {
      const stored = Buffer.from(await text(await server.app.storage.get(document.storageKey)), "latin1");
      expect(stored.length).toBeGreaterThan(0);
      expect(document.contentType).toMatch(/^(application\/pdf|image\/png)$/);
    }
  });

  it("gives each of the demo company's sales reps their own deals, and its dealer admin all of them with their owners", async () => {
    const admin = await cookieOf("vendor@demo.example", passwords.vendor);
    const all = (
      (await get("/api/portal/deals?month=all", admin)).json() as {
        deals: (ListedDeal & { owner: { name: string } })[];
      }
    ).deals;
    const seen = new Set<string>();
    for (const [index, email] of demoRepEmails.entries()) {
      const cookie = await cookieOf(email, accounts![4 + index]!.password);
      const own = ((await get("/api/portal/deals?month=all", cookie)).json() as { deals: ListedDeal[] }).deals;
      expect(own.length, email).toBeGreaterThanOrEqual(2);
      for (const row of own) {
        expect(seen.has(row.id)).toBe(false);
        seen.add(row.id);
        expect(all.find((candidate) => candidate.id === row.id)?.owner.name).toBe(`Sample Rep ${index + 1}`);
      }
    }
    expect(all.length).toBeGreaterThan(seen.size);
  });

  // docs/product-rules.md#r55-stipulations
  it("shows the network at work: funders' answers, an approval with stips in every state, one about to expire", async () => {
    const staff = await cookieOf("admin@demo.example", passwords.admin);
    const vendor = await cookieOf("vendor@demo.example", passwords.vendor);
    const deals = ((await get("/api/portal/deals?month=all", vendor)).json() as { deals: ListedDeal[] }).deals;
    const named = (name: string) => deals.find((row) => row.businessName === name.toUpperCase())!;
    const granite = (
      await get(`/api/back-office/deals/${named("Sample — Granite Peak Excavation").id}/funders`, staff)
    ).json();
    expect(
      granite.submissions.map((entry: { answers: { decision: string }[] }) => entry.answers[0]!.decision).sort(),
    ).toEqual(["declined", "pending"]);
    const bakery = named("Sample — Harbor Light Bakery");
    const stips = (await get(`/api/portal/deals/${bakery.id}/stips`, vendor)).json().stips as { status: string }[];
    expect(new Set(stips.map((stip) => stip.status))).toEqual(new Set(["requested", "received", "rejected"]));
    const approval = (
      await get(`/api/portal/deals/${named("Sample — Cedar Ridge Landscaping").id}/approval`, vendor)
    ).json();
    expect(approval.approval.daysLeft).toBe(4);
  });

  it("funds two deals in two earnings tiers, pays them in a batch, and leaves one funding for a second approval", async () => {
    const db = server.database.db;
    const fundings = await db
      .select({ name: deal.businessName, stage: deal.stage, funding: dealFunding })
      .from(dealFunding)
      .innerJoin(deal, eq(deal.id, dealFunding.dealId));
    const byName = Object.fromEntries(fundings.map((row) => [row.name, row]));
    expect(byName["SAMPLE — NORTHWIND FARM SUPPLY"]).toMatchObject({
      stage: 6,
      funding: { status: "approved", amountCents: 4_960_500 },
    });
    expect(byName["SAMPLE — REDWOOD QUARRY SUPPLY"]).toMatchObject({ stage: 6, funding: { status: "approved" } });
    const summit = byName["SAMPLE — SUMMIT TRAILER REPAIR"]!;
    expect(summit).toMatchObject({ stage: 5, funding: { status: "awaiting-approval" } });
    // Maker-checker in the demo: whoever prepared a funding did not approve it.
    for (const row of fundings) expect(row.funding.decidedByUserId).not.toBe(row.funding.preparedByUserId);
    const tiers = (await db.select().from(earningsEntry).where(eq(earningsEntry.kind, "accrued"))).map(
      (entry) => `${entry.businessName} ${entry.tierLabel} ${entry.amountCents}`,
    );
    expect(tiers.sort()).toEqual([
      "SAMPLE — NORTHWIND FARM SUPPLY Tier 1 50000",
      "SAMPLE — REDWOOD QUARRY SUPPLY Tier 2 375000",
    ]);
    const [batch] = await db.select().from(payoutBatch);
    expect(batch).toMatchObject({ entryCount: 2 });
    const entries = await db.select().from(payoutEntry).where(eq(payoutEntry.batchId, batch!.id));
    const file = parseNachaFile(batch!.fileText);
    expect(file.batches[0]!.entries.filter((entry) => entry.transactionCode === "22")).toHaveLength(entries.length);
  });

  it("shows documents out for signature and a package signed and sealed, attached to its deal", async () => {
    const cookie = await cookieOf("vendor@demo.example", passwords.vendor);
    const all = (await get("/api/portal/deals?month=all", cookie)).json() as { deals: ListedDeal[] };
    const named = (name: string) => all.deals.find((row) => row.businessName === name.toUpperCase())!;
    const signingOf = async (name: string) =>
      ((await get(`/api/portal/deals/${named(name).id}/signing`, cookie)).json() as { package: DealerSigningPackage })
        .package;
    const out = await signingOf("Sample — Blue Mesa Dental Studio");
    expect([out.status, out.signers.map((signer) => signer.status)]).toEqual(["sent", ["opened", "sent"]]);
    const done = await signingOf("Sample — Ironwood Machine Shop");
    expect([done.status, done.signers.map((signer) => signer.status)]).toEqual(["completed", ["signed", "signed"]]);
    expect(named("Sample — Ironwood Machine Shop").stage).toBe(4);
    const thread = (
      await get(`/api/portal/deals/${named("Sample — Ironwood Machine Shop").id}/messages`, cookie)
    ).json() as {
      documents: { name: string }[];
    };
    expect(thread.documents.map((document) => document.name)).toContain("Certificate of completion.pdf");
  });

  it("keeps the second company's deals from the demo vendor", async () => {
    const vendor = await cookieOf("vendor@demo.example", passwords.vendor);
    const other = await cookieOf(otherDemoVendorEmail, accounts![3]!.password);
    const mine = ((await get("/api/portal/deals?month=all", vendor)).json() as { deals: ListedDeal[] }).deals;
    const theirs = ((await get("/api/portal/deals?month=all", other)).json() as { deals: ListedDeal[] }).deals;
    expect(theirs.map((row) => row.businessName).sort()).toEqual([
      "SAMPLE — LAKESIDE AUTO BODY",
      "SAMPLE — PINECREST PRINT SHOP",
    ]);
    const mineIds = new Set(mine.map((row) => row.id));
    for (const row of theirs) {
      expect(mineIds.has(row.id)).toBe(false);
      expect((await get(`/api/portal/deals/${row.id}/messages`, vendor)).statusCode).toBe(404);
    }
  });

  it("fills the lead inbox with every kind, some overdue, some assigned and handled", async () => {
    const cookie = await cookieOf("admin@demo.example", passwords.admin);
    const inbox = (await get("/api/back-office/leads", cookie)).json() as {
      leads: { type: string; id: string; title: string; status: string; assignee: string | null; overdue: boolean }[];
    };
    expect(new Set(inbox.leads.map((lead) => lead.type))).toEqual(new Set(leadTypes));
    for (const lead of inbox.leads) expect(lead.title).toMatch(/sample/i);
    expect(inbox.leads.filter((lead) => lead.overdue).length).toBeGreaterThanOrEqual(2);
    expect(inbox.leads.some((lead) => !lead.overdue && lead.status === "new")).toBe(true);
    expect(inbox.leads.some((lead) => lead.overdue && lead.assignee === "admin@demo.example")).toBe(true);
    expect(new Set(inbox.leads.map((lead) => lead.status))).toEqual(new Set(["new", "contacted", "closed"]));

    const application = inbox.leads.find((lead) => lead.type === "credit-application")!;
    const detail = (await get(`/api/back-office/credit-applications/${application.id}`, cookie)).json();
    expect(detail.owners.map((owner: { ssnMasked: string }) => owner.ssnMasked)).toEqual([
      "•••-••-0101",
      "•••-••-0102",
    ]);
    const owners = await server.database.db
      .select()
      .from(creditApplicationOwner)
      .where(eq(creditApplicationOwner.applicationId, application.id))
      .orderBy(creditApplicationOwner.position);
    expect(owners.map((owner) => owner.ssnEncrypted).join()).not.toContain("900-55");
    expect(owners.map((owner) => server.cipher.decrypt(owner.ssnEncrypted))).toEqual(["900-55-0101", "900-55-0102"]);

    const picked = inbox.leads.find((lead) => lead.type === "picked-option")!;
    expect(picked.title).toMatch(/48 months$/);
  });

  it("has the partner calculator seeded by the migration, with a sample lead through it", async () => {
    const [apronto] = await server.database.db.select().from(partner).where(eq(partner.slug, "Apronto_Dental"));
    expect(apronto?.name).toBe("Apronto Dental");
    const leads = await server.database.db
      .select()
      .from(calculatorLead)
      .where(eq(calculatorLead.partnerId, apronto!.id));
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ chosenTerm: 48, firstName: "Sample" });
    expect(Object.keys(leads[0]!.payments).length).toBeGreaterThan(0);
  });
});
