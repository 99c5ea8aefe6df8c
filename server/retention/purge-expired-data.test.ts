import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { randomUUID } from "node:crypto";
import { eq, getTableName, inArray, is, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRoles } from "#domain/auth/roles.ts";
import { adminQuery, databaseUrl } from "../../tests/support/database-global-setup.ts";
import { openTestDatabase, queryRows, testDriver } from "../../tests/support/test-database.ts";
import { openDatabase, type DatabaseHandle } from "../db/client.ts";
import * as schema from "../db/schema.ts";
import { adverseActionNotice, creditApplicationDecision } from "../adverse-action/tables.ts";
import { apiIdempotency } from "../api-v1/tables.ts";
import { auditLog } from "../audit/tables.ts";
import { session, user } from "../auth/tables.ts";
import { deal, dealDocument } from "../deals/tables.ts";
import { duplicateLink, duplicateMatchKey } from "../duplicates/tables.ts";
import { creditApplication, creditApplicationDraft, footerMessage, leadHistory, leadStatus } from "../leads/tables.ts";
import { mailOutbox, statusMailOptOut, statusMailOptOutToken } from "../mail/tables.ts";
import { vendorQuote } from "../quotes/tables.ts";
import { vendorCompany } from "../vendors/tables.ts";
import { webhookDelivery, webhookEndpoint, webhookEvent } from "../webhooks/tables.ts";
import { createLocalFileStorage } from "../shared/storage/local-file-storage.ts";
import { PURGE_LOCK_KEY, PURGE_MIN_INTERVAL_MS, purgeExpiredData, type PurgeResult } from "./purge-expired-data.ts";
import { tableRetention } from "./retention-rules.ts";

const schemaTables = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable =>
  is(value, PgTable),
);

describe("retention rules", () => {
  it("give every table of the schema a rule, and none to a table that is not there", () => {
    expect(Object.keys(tableRetention).sort()).toEqual(schemaTables.map((table) => getTableName(table)).sort());
  });

  it("say 'with its parent' only of tables whose rows the database deletes with the parent (ON DELETE CASCADE)", () => {
    for (const [name, rule] of Object.entries(tableRetention)) {
      if (rule.kind !== "with-parent") continue;
      const table = schemaTables.find((candidate) => getTableName(candidate) === name)!;
      const cascades = getTableConfig(table)
        .foreignKeys.filter((key) => key.onDelete === "cascade")
        .map((key) => getTableName(key.reference().foreignTable));
      expect(cascades, name).toContain(rule.parent);
    }
  });
});

describe("retention purge", () => {
  let database: DatabaseHandle;
  let root: string;
  beforeAll(async () => {
    database = await openTestDatabase();
    root = await mkdtemp(path.join(tmpdir(), "purge-"));
  });
  afterAll(async () => {
    await database?.close();
    await rm(root, { recursive: true, force: true });
  });

  it("deletes leads and deals older than the retention, with their files, and audits the counts", async () => {
    const storage = createLocalFileStorage(root);
    const old = new Date(Date.now() - 800 * 24 * 3600 * 1000);
    const messages = await database.db
      .insert(footerMessage)
      .values([
        {
          idempotencyKey: randomUUID(),
          nameOfBusiness: "",
          nameUser: "Old",
          emailUser: "o@x.example",
          message: "old",
          createdAt: old,
        },
        { idempotencyKey: randomUUID(), nameOfBusiness: "", nameUser: "New", emailUser: "n@x.example", message: "new" },
      ])
      .returning({ id: footerMessage.id });
    const [company] = await database.db
      .insert(vendorCompany)
      .values({ name: "Old Co", companyCode: "999111" })
      .returning();
    await database.db.insert(user).values({ id: "u-old", name: "V", email: "v-old@x.example", role: authRoles.vendor });
    // The team's notes and their history go with the lead, and stay with a kept one.
    for (const { id } of messages) {
      await database.db.insert(leadStatus).values({ leadType: "footer-message", leadId: id, notes: "Called back" });
      await database.db.insert(leadHistory).values({
        leadType: "footer-message",
        leadId: id,
        actorUserId: "u-old",
        field: "notes",
        fromValue: "",
        toValue: "Called back",
      });
    }
    const base = {
      vendorCompanyId: company!.id,
      submittedByUserId: "u-old",
      businessName: "B",
      ownersName: "O",
      businessPhone: "1",
      businessEmail: "",
      description: "",
      equipmentDescription: "",
      monthSubmitted: 0,
      yearInFile: 2020,
    };
    const [oldDeal] = await database.db
      .insert(deal)
      .values({ ...base, idempotencyKey: randomUUID(), accountNumber: "VP30001", lastUpdate: old })
      .returning();
    await database.db.insert(deal).values({ ...base, idempotencyKey: randomUUID(), accountNumber: "VP30002" });
    await storage.put(`deals/${oldDeal!.id}/file`, Readable.from(["x"]), "application/pdf");
    await database.db.insert(dealDocument).values({
      dealId: oldDeal!.id,
      slot: "client-info",
      storageKey: `deals/${oldDeal!.id}/file`,
      logicalFolder: "x",
      originalName: "a.pdf",
      contentType: "application/pdf",
      size: 1,
    });

    const result = await purgeExpiredData(database.db, storage, { retentionDays: 730, deliveredMailDays: 30 });
    expect(result).toMatchObject({ footer_message: 1, deal: 1, files: 1 });
    expect((await database.db.select().from(footerMessage)).map((row) => row.nameUser)).toEqual(["New"]);
    expect((await database.db.select().from(leadStatus)).map((row) => row.leadId)).toEqual([messages[1]!.id]);
    expect((await database.db.select().from(leadHistory)).map((row) => row.leadId)).toEqual([messages[1]!.id]);
    expect(await database.db.select().from(deal).where(eq(deal.id, oldDeal!.id))).toHaveLength(0);
    expect(await storage.exists(`deals/${oldDeal!.id}/file`)).toBe(false);
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.action, "retention.purge"));
    expect(audit!.details).toMatchObject({ footer_message: 1, deal: 1 });
    expect(await queryRows(database.db, sql`select 1 from deal`)).toHaveLength(1);
  });

  it("deletes delivered mails after their own short retention and never an undelivered one", async () => {
    const storage = createLocalFileStorage(root);
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600 * 1000);
    const mail = (subject: string) => ({
      to: "team@x.example",
      subject,
      html: "<p>Pat, (555) 010-0000</p>",
      text: "Pat, (555) 010-0000",
    });
    await database.db.insert(mailOutbox).values([
      { ...mail("sent 31 days ago"), status: "sent", createdAt: daysAgo(31), sentAt: daysAgo(31) },
      { ...mail("queued long ago, sent 29 days ago"), status: "sent", createdAt: daysAgo(400), sentAt: daysAgo(29) },
      { ...mail("undelivered for 3 years"), status: "pending", attempts: 900, createdAt: daysAgo(1100) },
      { ...mail("sent today"), status: "sent", sentAt: new Date() },
    ]);
    const subjects = async () =>
      (await database.db.select({ subject: mailOutbox.subject }).from(mailOutbox)).map((row) => row.subject).sort();

    expect(await purgeExpiredData(database.db, storage, { retentionDays: 730, deliveredMailDays: 30 })).toMatchObject({
      mail_outbox: 1,
    });
    expect(await subjects()).toEqual(["queued long ago, sent 29 days ago", "sent today", "undelivered for 3 years"]);
    const audits = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "retention.purge"))
      .orderBy(auditLog.at);
    expect(audits.at(-1)!.details).toMatchObject({ mail_outbox: 1 });

    // A delivered mail never outlives the leads it announces.
    expect(await purgeExpiredData(database.db, storage, { retentionDays: 10, deliveredMailDays: 30 })).toMatchObject({
      mail_outbox: 1,
    });
    expect(await subjects()).toEqual(["sent today", "undelivered for 3 years"]);
  });

  it("deletes saved credit-application drafts once their link has expired, and old opt-out tokens but never an opt-out", async () => {
    const storage = createLocalFileStorage(root);
    const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3600 * 1000);
    await database.db.insert(creditApplicationDraft).values([
      {
        tokenHash: "expired",
        emailHash: "e1",
        payloadEncrypted: "v1.x.y.z.w",
        createdAt: hoursFromNow(-8 * 24),
        expiresAt: hoursFromNow(-24),
      },
      {
        tokenHash: "used-and-expired",
        emailHash: "e2",
        payloadEncrypted: null,
        usedAt: hoursFromNow(-7 * 24),
        createdAt: hoursFromNow(-8 * 24),
        expiresAt: hoursFromNow(-1),
      },
      { tokenHash: "live", emailHash: "e3", payloadEncrypted: "v1.x.y.z.w", expiresAt: hoursFromNow(24) },
    ]);
    await database.db.insert(statusMailOptOutToken).values([
      { tokenHash: "old-token", emailHash: "e1", createdAt: hoursFromNow(-800 * 24) },
      { tokenHash: "new-token", emailHash: "e1" },
    ]);
    await database.db.insert(statusMailOptOut).values({ emailHash: "e1", createdAt: hoursFromNow(-800 * 24) });

    expect(await purgeExpiredData(database.db, storage, { retentionDays: 730, deliveredMailDays: 30 })).toMatchObject({
      credit_application_draft: 2,
      status_mail_opt_out_token: 1,
    });
    expect((await database.db.select().from(creditApplicationDraft)).map((row) => row.tokenHash)).toEqual(["live"]);
    expect((await database.db.select().from(statusMailOptOutToken)).map((row) => row.tokenHash)).toEqual(["new-token"]);
    expect(await database.db.select().from(statusMailOptOut)).toHaveLength(1);
    const audits = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "retention.purge"))
      .orderBy(auditLog.at);
    expect(audits.at(-1)!.details).toMatchObject({ credit_application_draft: 2 });
  });

  it("deletes webhook events (business names, messages) after the delivered-mail retention, never one still being delivered, and /api/v1 idempotency keys after 24 hours", async () => {
    const storage = createLocalFileStorage(root);
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600 * 1000);
    const [company] = await database.db
      .insert(vendorCompany)
      .values({ name: `Hook Purge ${randomUUID()}`, companyCode: randomUUID().slice(0, 8) })
      .returning();
    const [owner] = await database.db
      .insert(user)
      .values({
        id: randomUUID(),
        name: "Hook Owner",
        email: `hook-${randomUUID()}@x.example`,
        role: authRoles.vendor,
        vendorCompanyId: company!.id,
      })
      .returning();
    const [endpoint] = await database.db
      .insert(webhookEndpoint)
      .values({
        vendorCompanyId: company!.id,
        url: "https://hooks.example/x",
        events: ["deal.created"],
        secretEncrypted: "x",
        createdByUserId: owner!.id,
      })
      .returning();
    const events = await database.db
      .insert(webhookEvent)
      .values([
        {
          vendorCompanyId: company!.id,
          type: "deal.created",
          payload: { name: "old, delivered" },
          createdAt: daysAgo(40),
        },
        {
          vendorCompanyId: company!.id,
          type: "deal.created",
          payload: { name: "old, pending" },
          createdAt: daysAgo(40),
        },
        { vendorCompanyId: company!.id, type: "deal.created", payload: { name: "new" } },
      ])
      .returning();
    await database.db.insert(webhookDelivery).values([
      { eventId: events[0]!.id, endpointId: endpoint!.id, status: "delivered" },
      { eventId: events[1]!.id, endpointId: endpoint!.id, status: "pending" },
      { eventId: events[2]!.id, endpointId: endpoint!.id, status: "delivered" },
    ]);
    await database.db.insert(apiIdempotency).values([
      {
        vendorCompanyId: company!.id,
        key: "old-key-0001",
        fingerprint: "f",
        createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000),
      },
      { vendorCompanyId: company!.id, key: "new-key-0001", fingerprint: "f" },
    ]);
    expect(await purgeExpiredData(database.db, storage, { retentionDays: 730, deliveredMailDays: 30 })).toMatchObject({
      webhook_event: 1,
      api_idempotency: 1,
    });
    const left = await database.db
      .select({ id: webhookEvent.id })
      .from(webhookEvent)
      .where(eq(webhookEvent.vendorCompanyId, company!.id));
    expect(left.map((row) => row.id).sort()).toEqual([events[1]!.id, events[2]!.id].sort());
    const keys = await database.db
      .select({ key: apiIdempotency.key })
      .from(apiIdempotency)
      .where(eq(apiIdempotency.vendorCompanyId, company!.id));
    expect(keys).toEqual([{ key: "new-key-0001" }]);
  });

  it("deletes dealers' quotes to customers after the retention from their last activity, and audits the count", async () => {
    const storage = createLocalFileStorage(root);
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600 * 1000);
    const [company] = await database.db
      .insert(vendorCompany)
      .values({ name: `Quote Purge ${randomUUID()}`, companyCode: randomUUID().slice(0, 8) })
      .returning();
    const [seller] = await database.db
      .insert(user)
      .values({
        id: randomUUID(),
        name: "Quote Seller",
        email: `quote-${randomUUID()}@x.example`,
        role: authRoles.vendor,
        vendorCompanyId: company!.id,
      })
      .returning();
    const quote = (customerName: string, at: Date, extra: Partial<typeof vendorQuote.$inferInsert> = {}) => ({
      companyId: company!.id,
      createdByUserId: seller!.id,
      price: 45_000,
      customerName,
      customerEmail: "pat@customer.example",
      terms: [{ term: 36, payment: 1500 }],
      tokenHash: randomUUID(),
      createdAt: at,
      sentAt: at,
      expiresAt: new Date(at.getTime() + 30 * 24 * 3600 * 1000),
      ...extra,
    });
    await database.db
      .insert(vendorQuote)
      .values([
        quote("Old, never opened", daysAgo(800)),
        quote("Old, withdrawn long ago", daysAgo(800), { withdrawnAt: daysAgo(790) }),
        quote("Sent long ago, opened lately", daysAgo(800), { openedAt: daysAgo(100) }),
        quote("Resent lately", daysAgo(800), { sentAt: daysAgo(10) }),
        quote("New", new Date()),
      ]);

    const result = await purgeExpiredData(database.db, storage, { retentionDays: 730, deliveredMailDays: 30 });
    expect(result).toMatchObject({ vendor_quote: 2 });
    const left = await database.db
      .select({ name: vendorQuote.customerName })
      .from(vendorQuote)
      .where(eq(vendorQuote.companyId, company!.id));
    expect(left.map((row) => row.name).sort()).toEqual(["New", "Resent lately", "Sent long ago, opened lately"]);
    const audits = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "retention.purge"))
      .orderBy(auditLog.at);
    expect(audits.at(-1)!.details).toMatchObject({ vendor_quote: 2 });
  });

  const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600 * 1000);
  const dayOf = (date: Date) => date.toISOString().slice(0, 10);
  const application = (createdAt: Date) => ({
    idempotencyKey: randomUUID(),
    businessName: "Reg B Co",
    businessAddress: "1 Main St",
    businessCity: "Reno",
    businessState: "NV",
    businessZipCode: "89501",
    businessPhone: "7755550100",
    businessEmail: "regb@x.example",
    businessContact: "Pat",
    businessStarted: "2015-01-01",
    vendorName: "V",
    equipmentDescription: "Loader",
    vendorContactName: "Vic",
    vendorPhoneNumber: "7755550101",
    vendorEmail: "vic@x.example",
    acceptCheck: true,
    createdAt,
  });

  it("keeps an application and its notice 25 months after the notice (Reg B) whatever RETENTION_DAYS says, then deletes them with everything that hangs on them", async () => {
    const storage = createLocalFileStorage(root);
    const [noticedLately, noticedLongAgo, undecided] = await database.db
      .insert(creditApplication)
      .values([application(daysAgo(800)), application(daysAgo(800)), application(daysAgo(800))])
      .returning({ id: creditApplication.id });
    await database.db.insert(creditApplicationDecision).values([
      {
        applicationId: noticedLately!.id,
        decision: "declined",
        receivedOn: dayOf(daysAgo(800)),
        decidedOn: dayOf(daysAgo(700)),
        noticeSentOn: dayOf(daysAgo(700)),
        updatedAt: daysAgo(700),
      },
      {
        applicationId: noticedLongAgo!.id,
        decision: "declined",
        receivedOn: dayOf(daysAgo(800)),
        decidedOn: dayOf(daysAgo(780)),
        noticeSentOn: dayOf(daysAgo(780)),
        updatedAt: daysAgo(780),
      },
    ]);
    await database.db.insert(adverseActionNotice).values([
      {
        subjectType: "credit-application",
        subjectId: noticedLately!.id,
        reasons: ["insufficient-income"],
        sentAt: daysAgo(700),
        updatedAt: daysAgo(700),
      },
      {
        subjectType: "credit-application",
        subjectId: noticedLongAgo!.id,
        reasons: ["insufficient-income"],
        sentAt: daysAgo(780),
        updatedAt: daysAgo(780),
      },
    ]);
    const [company] = await database.db
      .insert(vendorCompany)
      .values({ name: `Reg B ${randomUUID()}`, companyCode: randomUUID().slice(0, 8) })
      .returning();
    const dealValues = (lastUpdate: Date, declinedNoticeSentOn: string | null) => ({
      vendorCompanyId: company!.id,
      businessName: "B",
      ownersName: "O",
      businessPhone: "1",
      businessEmail: "",
      description: "",
      equipmentDescription: "",
      monthSubmitted: 0,
      yearInFile: 2020,
      idempotencyKey: randomUUID(),
      accountNumber: `VP${randomUUID().slice(0, 8)}`,
      stage: 0,
      lastUpdate,
      declinedNoticeSentOn,
    });
    const [declinedDeal, staleDeal] = await database.db
      .insert(deal)
      .values([dealValues(daysAgo(400), dayOf(daysAgo(400))), dealValues(daysAgo(800), dayOf(daysAgo(800)))])
      .returning({ id: deal.id });
    await database.db.insert(adverseActionNotice).values([
      { subjectType: "deal", subjectId: declinedDeal!.id, sentAt: daysAgo(400) },
      { subjectType: "deal", subjectId: staleDeal!.id, sentAt: daysAgo(800) },
    ]);
    const [oldMessage] = await database.db
      .insert(footerMessage)
      .values({
        idempotencyKey: randomUUID(),
        nameOfBusiness: "",
        nameUser: "Year old",
        emailUser: "y@x.example",
        message: "old",
        createdAt: daysAgo(400),
      })
      .returning({ id: footerMessage.id });

    // A year's retention: the message goes, the declined deal of 400 days ago stays (Reg B's 25 months).
    const result = await purgeExpiredData(database.db, storage, { retentionDays: 365, deliveredMailDays: 30 });
    expect(result).toMatchObject({ credit_application: 2, deal: 1, adverse_action_notice: 2 });
    const left = (
      await database.db
        .select({ id: creditApplication.id })
        .from(creditApplication)
        .where(inArray(creditApplication.id, [noticedLately!.id, noticedLongAgo!.id, undecided!.id]))
    ).map((row) => row.id);
    expect(left).toEqual([noticedLately!.id]);
    expect(
      await database.db
        .select()
        .from(creditApplicationDecision)
        .where(eq(creditApplicationDecision.applicationId, noticedLongAgo!.id)),
    ).toHaveLength(0);
    expect(
      (
        await database.db
          .select({ id: deal.id })
          .from(deal)
          .where(inArray(deal.id, [declinedDeal!.id, staleDeal!.id]))
      ).map((row) => row.id),
    ).toEqual([declinedDeal!.id]);
    const notices = await database.db.select({ id: adverseActionNotice.subjectId }).from(adverseActionNotice);
    expect(notices.map((row) => row.id).sort()).toEqual([noticedLately!.id, declinedDeal!.id].sort());
    expect(await database.db.select().from(footerMessage).where(eq(footerMessage.id, oldMessage!.id))).toHaveLength(0);
  });

  it("deletes duplicate match keys past the 90-day window or with their record, and links with either record; many rows go in batches", async () => {
    const storage = createLocalFileStorage(root);
    const [kept, purged] = await database.db
      .insert(creditApplication)
      .values([application(daysAgo(100)), application(daysAgo(900))])
      .returning({ id: creditApplication.id });
    const fresh = randomUUID();
    await database.db.insert(duplicateMatchKey).values([
      {
        recordType: "credit-application",
        recordId: kept!.id,
        kind: "tax-id",
        keyHash: "kept-old",
        createdAt: daysAgo(100),
      },
      {
        recordType: "credit-application",
        recordId: purged!.id,
        kind: "phone",
        keyHash: "purged-record",
        createdAt: daysAgo(10),
      },
      { recordType: "calculator", recordId: fresh, kind: "tax-id", keyHash: "fresh", createdAt: daysAgo(10) },
    ]);
    await database.db.insert(duplicateLink).values([
      {
        newerType: "calculator",
        newerId: fresh,
        earlierType: "credit-application",
        earlierId: purged!.id,
        reasons: ["phone"],
      },
      {
        newerType: "credit-application",
        newerId: purged!.id,
        earlierType: "credit-application",
        earlierId: kept!.id,
        reasons: ["tax-id"],
      },
      {
        newerType: "calculator",
        newerId: fresh,
        earlierType: "credit-application",
        earlierId: kept!.id,
        reasons: ["tax-id"],
      },
    ]);
    await database.db.insert(footerMessage).values(Array.from({ length: 7 }, oldMessage));
    await database.db.insert(session).values({
      id: randomUUID(),
      token: randomUUID(),
      userId: "u-old",
      expiresAt: daysAgo(1),
      ipAddress: "203.0.113.9",
      userAgent: "x",
    });

    const result = await purgeExpiredData(
      database.db,
      storage,
      { retentionDays: 730, deliveredMailDays: 30 },
      { batchSize: 2 },
    );
    expect(result).toMatchObject({
      credit_application: 1,
      footer_message: 7,
      duplicate_match_key: 2,
      duplicate_link: 2,
      session: 1,
    });
    expect(
      (await database.db.select({ hash: duplicateMatchKey.keyHash }).from(duplicateMatchKey)).map((row) => row.hash),
    ).toEqual(["fresh"]);
    expect(
      (await database.db.select({ earlier: duplicateLink.earlierId }).from(duplicateLink)).map((row) => row.earlier),
    ).toEqual([kept!.id]);
  });

  it("reports a count for every table it purges", async () => {
    const result = await purgeExpiredData(database.db, createLocalFileStorage(root), {
      retentionDays: 730,
      deliveredMailDays: 30,
    });
    const purged = Object.entries(tableRetention).filter(
      ([, rule]) => rule.kind === "purged" || rule.kind === "with-subject",
    );
    expect(Object.keys(result).sort()).toEqual([...purged.map(([table]) => table), "files"].sort());
  });
});

const retention = { retentionDays: 730, deliveredMailDays: 30 };
const daily = { minIntervalMs: PURGE_MIN_INTERVAL_MS };
const oldMessage = () => ({
  idempotencyKey: randomUUID(),
  nameOfBusiness: "",
  nameUser: "Old",
  emailUser: "o@x.example",
  message: "old",
  createdAt: new Date(Date.now() - 800 * 24 * 3600 * 1000),
});
const purgeRuns = async (database: DatabaseHandle) =>
  (await database.db.select().from(auditLog).where(eq(auditLog.action, "retention.purge"))).length;
const ran = (results: PurgeResult[]) => results.filter((result) => !result.skipped);

describe(`retention purge on several servers (${testDriver})`, () => {
  let database: DatabaseHandle;
  let root: string;
  beforeAll(async () => {
    database = await openTestDatabase();
    root = await mkdtemp(path.join(tmpdir(), "purge-once-"));
  });
  afterAll(async () => {
    await database?.close();
    await rm(root, { recursive: true, force: true });
  });

  it("two runs at once purge once; a later run the same day skips; one 24 hours on purges again", async () => {
    const storage = createLocalFileStorage(root);
    await database.db.insert(footerMessage).values(oldMessage());
    const results = await Promise.all([
      purgeExpiredData(database.db, storage, retention, daily),
      purgeExpiredData(database.db, storage, retention, daily),
    ]);
    expect(ran(results)).toHaveLength(1);
    expect(ran(results)[0]).toMatchObject({ footer_message: 1 });
    expect(results.filter((result) => result.skipped)).toHaveLength(1);
    expect(await purgeRuns(database)).toBe(1);

    const later = await purgeExpiredData(database.db, storage, retention, {
      ...daily,
      now: new Date(Date.now() + 22 * 3600 * 1000),
    });
    expect(later).toMatchObject({ skipped: "recent", lastRunAt: expect.any(String) });
    expect(await purgeRuns(database)).toBe(1);

    const nextDay = await purgeExpiredData(database.db, storage, retention, {
      ...daily,
      now: new Date(Date.now() + 24 * 3600 * 1000),
    });
    expect(nextDay.skipped).toBeUndefined();
    expect(await purgeRuns(database)).toBe(2);
    // Without the daily rule (an operator's run), only the lock applies.
    expect((await purgeExpiredData(database.db, storage, retention)).skipped).toBeUndefined();
  });
});

const postgresUrl = process.env.TEST_DATABASE_URL;
if (!postgresUrl)
  console.warn(
    "server/retention/purge-expired-data.test.ts: the PostgreSQL purge-lock tests are skipped because TEST_DATABASE_URL is not set.",
  );

describe.skipIf(!postgresUrl)("retention purge lock on PostgreSQL (two servers: two pools on one database)", () => {
  const name = `lender_purge_${randomUUID().slice(0, 8)}`;
  const url = postgresUrl ? databaseUrl(postgresUrl, name) : "";
  let servers: DatabaseHandle[] = [];
  let root: string;
  beforeAll(async () => {
    await adminQuery(postgresUrl!, `create database ${name}`);
    servers = [
      await openDatabase({ driver: "postgres", url, poolSize: 3 }),
      await openDatabase({ driver: "postgres", url, poolSize: 3 }),
    ];
    await servers[0]!.migrate();
    root = await mkdtemp(path.join(tmpdir(), "purge-lock-"));
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await adminQuery(postgresUrl!, `drop database if exists ${name} with (force)`);
    await rm(root, { recursive: true, force: true });
  });

  it("a run while another server holds the lock skips; once it is released, runs at once on two servers purge once", async () => {
    const storage = createLocalFileStorage(root);
    const [first, second] = servers as [DatabaseHandle, DatabaseHandle];
    await first.db.insert(footerMessage).values(oldMessage());
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query("select pg_advisory_lock($1)", [PURGE_LOCK_KEY]);
      expect(await purgeExpiredData(first.db, storage, retention, daily)).toEqual({ skipped: "locked" });
      expect(await purgeExpiredData(second.db, storage, retention)).toEqual({ skipped: "locked" });
      await holder.query("select pg_advisory_unlock($1)", [PURGE_LOCK_KEY]);
    } finally {
      await holder.end();
    }
    expect(await purgeRuns(first)).toBe(0);

    const results = await Promise.all([
      purgeExpiredData(first.db, storage, retention, daily),
      purgeExpiredData(second.db, storage, retention, daily),
    ]);
    expect(ran(results)).toHaveLength(1);
    expect(ran(results)[0]).toMatchObject({ footer_message: 1 });
    expect(await purgeRuns(first)).toBe(1);
    expect(await purgeExpiredData(second.db, storage, retention, daily)).toMatchObject({ skipped: "recent" });
  });
});
