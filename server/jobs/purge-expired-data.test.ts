import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRoles } from "#domain/auth/roles.ts";
import { openTestDatabase, queryRows } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { auditLog, deal, dealDocument, footerMessage, mailOutbox, user, vendorCompany } from "../db/schema.ts";
import { createLocalFileStorage } from "../modules/storage/local-file-storage.ts";
import { purgeExpiredData } from "./purge-expired-data.ts";

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
    await database.db.insert(footerMessage).values([
      { idempotencyKey: randomUUID(), nameOfBusiness: "", nameUser: "Old", emailUser: "o@x.example", message: "old", createdAt: old },
      { idempotencyKey: randomUUID(), nameOfBusiness: "", nameUser: "New", emailUser: "n@x.example", message: "new" },
    ]);
    const [company] = await database.db.insert(vendorCompany).values({ name: "Old Co", companyCode: "999111" }).returning();
    await database.db.insert(user).values({ id: "u-old", name: "V", email: "v-old@x.example", role: authRoles.vendor });
    const base = { vendorCompanyId: company!.id, submittedByUserId: "u-old", businessName: "B", ownersName: "O", businessPhone: "1", businessEmail: "", description: "", equipmentDescription: "", monthSubmitted: 0, yearInFile: 2020 };
    const [oldDeal] = await database.db.insert(deal).values({ ...base, idempotencyKey: randomUUID(), accountNumber: "VP30001", lastUpdate: old }).returning();
    await database.db.insert(deal).values({ ...base, idempotencyKey: randomUUID(), accountNumber: "VP30002" });
    await storage.put(`deals/${oldDeal!.id}/file`, Readable.from(["x"]), "application/pdf");
    await database.db.insert(dealDocument).values({ dealId: oldDeal!.id, slot: "client-info", storageKey: `deals/${oldDeal!.id}/file`, logicalFolder: "x", originalName: "a.pdf", contentType: "application/pdf", size: 1 });

    const result = await purgeExpiredData(database.db, storage, { retentionDays: 730, deliveredMailDays: 30 });
    expect(result).toMatchObject({ footer_message: 1, deal: 1, files: 1 });
    expect((await database.db.select().from(footerMessage)).map((row) => row.nameUser)).toEqual(["New"]);
    expect(await database.db.select().from(deal).where(eq(deal.id, oldDeal!.id))).toHaveLength(0);
    expect(await storage.exists(`deals/${oldDeal!.id}/file`)).toBe(false);
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.action, "retention.purge"));
    expect(audit!.details).toMatchObject({ footer_message: 1, deal: 1 });
    expect(await queryRows(database.db, sql`select 1 from deal`)).toHaveLength(1);
  });

  it("deletes delivered mails after their own short retention and never an undelivered one", async () => {
    const storage = createLocalFileStorage(root);
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600 * 1000);
    const mail = (subject: string) => ({ to: "team@x.example", subject, html: "<p>Pat, (555) 010-0000</p>", text: "Pat, (555) 010-0000" });
    await database.db.insert(mailOutbox).values([
      { ...mail("sent 31 days ago"), status: "sent", createdAt: daysAgo(31), sentAt: daysAgo(31) },
      { ...mail("queued long ago, sent 29 days ago"), status: "sent", createdAt: daysAgo(400), sentAt: daysAgo(29) },
      { ...mail("undelivered for 3 years"), status: "pending", attempts: 900, createdAt: daysAgo(1100) },
      { ...mail("sent today"), status: "sent", sentAt: new Date() },
    ]);
    const subjects = async () => (await database.db.select({ subject: mailOutbox.subject }).from(mailOutbox)).map((row) => row.subject).sort();

    expect(await purgeExpiredData(database.db, storage, { retentionDays: 730, deliveredMailDays: 30 })).toMatchObject({ mail_outbox: 1 });
    expect(await subjects()).toEqual(["queued long ago, sent 29 days ago", "sent today", "undelivered for 3 years"]);
    const audits = await database.db.select().from(auditLog).where(eq(auditLog.action, "retention.purge"));
    expect(audits.at(-1)!.details).toMatchObject({ mail_outbox: 1 });

    // A delivered mail never outlives the leads it announces.
    expect(await purgeExpiredData(database.db, storage, { retentionDays: 10, deliveredMailDays: 30 })).toMatchObject({ mail_outbox: 1 });
    expect(await subjects()).toEqual(["sent today", "undelivered for 3 years"]);
  });
});
