import { createHash, randomBytes, randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import v8 from "node:v8";
import vm from "node:vm";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRoles } from "#domain/auth/roles.ts";
import { multipartBody, samplePdf, samplePng, type UploadFile } from "../../../tests/support/multipart.ts";
import { startS3Server, type S3Server } from "../../../tests/support/s3-server.ts";
import { openTestDatabase } from "../../../tests/support/test-database.ts";
import { signIn, startTestServer, testOrigin, type TestServer } from "../../../tests/support/test-server.ts";
import { createVendor } from "../../../tests/support/vendor-fixtures.ts";
import { sampleNewDealFields } from "../../demo/sample-requests.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { user } from "../../auth/tables.ts";
import { deal, dealDocument } from "../../deals/tables.ts";
import { partner } from "../../partners/tables.ts";
import { vendorCompany } from "../../vendors/tables.ts";
import { purgeExpiredData } from "../../retention/purge-expired-data.ts";
import { sweepOrphanUploads } from "../../retention/sweep-orphan-uploads.ts";
import { AppError } from "../errors.ts";
import type { FileStorage } from "./file-storage.ts";
import { createS3FileStorage, uploadPartSize, type S3Options } from "./s3-file-storage.ts";

// Every test talks HTTP to a real S3-compatible server (s3rver) in its own process: no mock of the SDK.
let s3: S3Server;
let storage: FileStorage;
const optionsFor = (server: S3Server): S3Options => ({
  bucket: server.bucket,
  region: server.region,
  endpoint: server.endpoint,
  accessKeyId: server.accessKeyId,
  secretAccessKey: server.secretAccessKey,
  forcePathStyle: true,
});

beforeAll(async () => {
  s3 = await startS3Server();
  storage = createS3FileStorage(optionsFor(s3));
});
afterAll(() => s3?.stop());

const keysUnder = async (prefix: string) => {
  const keys: string[] = [];
  for await (const file of storage.list(prefix)) keys.push(file.key);
  return keys.sort();
};

const sha256 = async (stream: AsyncIterable<Buffer>) => {
  const hash = createHash("sha256");
  for await (const chunk of stream) hash.update(chunk);
  return hash.digest("hex");
};

/** Bytes the heap and Buffers hold after a full collection: what is really kept, not garbage. */
function liveBytesMeter() {
  v8.setFlagsFromString("--expose-gc");
  const gc = vm.runInNewContext("gc") as () => void;
  return () => {
    gc();
    const usage = process.memoryUsage();
    return usage.heapUsed + usage.arrayBuffers;
  };
}

describe("S3 file storage against a real S3-compatible server", () => {
  it("streams a file in and out, lists it, then deletes it", async () => {
    const { size } = await storage.put(
      "deals/abc/file-1",
      Readable.from([Buffer.from("hello "), Buffer.from("world")]),
      "text/plain",
    );
    expect(size).toBe(11);
    expect(await text(await storage.get("deals/abc/file-1"))).toBe("hello world");
    expect(await storage.exists("deals/abc/file-1")).toBe(true);
    const listed: { key: string; modifiedAt: Date }[] = [];
    for await (const file of storage.list("deals/abc/")) listed.push(file);
    expect(listed).toEqual([{ key: "deals/abc/file-1", modifiedAt: expect.any(Date) }]);
    expect(Math.abs(Date.now() - listed[0]!.modifiedAt.getTime())).toBeLessThan(60_000);
    await storage.delete("deals/abc/file-1");
    expect(await storage.exists("deals/abc/file-1")).toBe(false);
    expect(await keysUnder("deals/abc/")).toEqual([]);
  });

  it("streams a 25 MB upload in 5 MB parts, never holding the whole file, and gives it back byte for byte", async () => {
    const total = 25 * 1024 * 1024;
    const chunkSize = 256 * 1024;
    const liveBytes = liveBytesMeter();
    await storage.put("deals/warm-up/file", Readable.from([randomBytes(uploadPartSize + 1)]), "application/pdf");
    await storage.delete("deals/warm-up/file");

    const sent = createHash("sha256");
    let produced = 0;
    const baseline = liveBytes();
    let peak = 0;
    // Generated as the upload reads it; what the process holds is measured at every megabyte.
    const source = new Readable({
      read() {
        if (produced % (1024 * 1024) === 0) peak = Math.max(peak, liveBytes() - baseline);
        if (produced >= total) return void this.push(null);
        const chunk = randomBytes(chunkSize);
        sent.update(chunk);
        produced += chunk.length;
        this.push(chunk);
      },
    });
    const { size } = await storage.put("deals/big/file", source, "application/pdf");
    expect(size).toBe(total);
    // The part on its way, the next one filling and, at times, the one sent before: 10 or 16 MB
    // measured. Four parts in parallel (lib-storage's default) held 26 MB here, the whole file.
    expect(peak, `held ${(peak / 1024 / 1024).toFixed(1)} MB`).toBeLessThan(4 * uploadPartSize);
    expect(await sha256(await storage.get("deals/big/file"))).toBe(sent.digest("hex"));
    await storage.delete("deals/big/file");
  });

  it.each([
    ["before the first part is full", 1000],
    ["after parts were sent", 2 * uploadPartSize + 1000],
  ])("stores nothing when the upload stream breaks %s, and reports the stream's error", async (_case, before) => {
    let pushed = 0;
    const broken = new Readable({
      read() {
        if (pushed >= before) return void this.destroy(new Error("connection reset"));
        const chunk = Buffer.alloc(Math.min(256 * 1024, before - pushed), 1);
        pushed += chunk.length;
        this.push(chunk);
      },
    });
    await expect(storage.put("deals/broken/file", broken, "application/pdf")).rejects.toThrow("connection reset");
    expect(await storage.exists("deals/broken/file")).toBe(false);
    expect(await keysUnder("deals/broken/")).toEqual([]);
  });

  it("answers a key with nothing stored as not found (404), and deleting it is harmless", async () => {
    const missing = storage.get("deals/none/file");
    await expect(missing).rejects.toBeInstanceOf(AppError);
    await expect(missing).rejects.toMatchObject({ code: "NOT_FOUND", status: 404 });
    expect(await storage.exists("deals/none/file")).toBe(false);
    await expect(storage.delete("deals/none/file")).resolves.toBeUndefined();
  });

  it("fails loudly, not as 'missing', when the server refuses the credentials", async () => {
    const refused = createS3FileStorage({ ...optionsFor(s3), secretAccessKey: "wrong-secret" });
    await storage.put("deals/creds/file", Readable.from(["x"]), "text/plain");
    await expect(refused.exists("deals/creds/file")).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
    await expect(refused.get("deals/creds/file")).rejects.not.toBeInstanceOf(AppError);
    await storage.delete("deals/creds/file");
  });

  it("lists every key under a prefix across pages", async () => {
    const paged = createS3FileStorage({ ...optionsFor(s3), listPageSize: 2 });
    const keys = ["deals/paged/a", "deals/paged/b", "deals/paged/c", "deals/paged/d", "deals/paged/e"];
    for (const key of keys) await paged.put(key, Readable.from([key]), "text/plain");
    await storage.put("deals/other/f", Readable.from(["f"]), "text/plain");
    const listed: string[] = [];
    for await (const file of paged.list("deals/paged/")) listed.push(file.key);
    expect(listed.sort()).toEqual(keys);
    for (const key of [...keys, "deals/other/f"]) await storage.delete(key);
  });

  it.each(["../etc/passwd", "/abs/path", "a/../../b", "a//b", ""])("refuses the unsafe key %j", async (key) => {
    await expect(storage.put(key, Readable.from(["x"]), "text/plain")).rejects.toThrow("Unsafe storage key");
    await expect(storage.get(key)).rejects.toThrow("Unsafe storage key");
  });
});

describe("the retention purge and the orphan sweep on S3", () => {
  let database: DatabaseHandle;
  let companyId: string;
  beforeAll(async () => {
    database = await openTestDatabase();
    const [company] = await database.db
      .insert(vendorCompany)
      .values({ name: "S3 Co", companyCode: "913913" })
      .returning();
    companyId = company!.id;
    await database.db.insert(user).values({ id: "u-s3", name: "V", email: "v-s3@x.example", role: authRoles.vendor });
  });
  afterAll(() => database?.close());

  const dealWithFile = async (lastUpdate: Date) => {
    const [row] = await database.db
      .insert(deal)
      .values({
        vendorCompanyId: companyId,
        submittedByUserId: "u-s3",
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
        lastUpdate,
      })
      .returning();
    const storageKey = `deals/${row!.id}/${randomUUID()}`;
    await storage.put(storageKey, Readable.from([samplePdf]), "application/pdf");
    await database.db.insert(dealDocument).values({
      dealId: row!.id,
      slot: "client-info",
      storageKey,
      logicalFolder: "x",
      originalName: "a.pdf",
      contentType: "application/pdf",
      size: samplePdf.length,
    });
    return { id: row!.id, storageKey };
  };

  it("purges an expired deal's files from the bucket and keeps a current deal's", async () => {
    const expired = await dealWithFile(new Date(Date.now() - 800 * 24 * 3600 * 1000));
    const current = await dealWithFile(new Date());
    const result = await purgeExpiredData(database.db, storage, { retentionDays: 730, deliveredMailDays: 30 });
    expect(result).toMatchObject({ deal: 1, files: 1 });
    expect(await storage.exists(expired.storageKey)).toBe(false);
    expect(await storage.exists(current.storageKey)).toBe(true);
    expect(await database.db.select().from(deal).where(eq(deal.id, expired.id))).toHaveLength(0);
  });

  it("sweeps objects no row points at, once old enough, and keeps documents and logos", async () => {
    const kept = await dealWithFile(new Date());
    const logoKey = `partners/${randomUUID()}`;
    await storage.put(logoKey, Readable.from([samplePng]), "image/png");
    await database.db.insert(partner).values({
      slug: `s3-${randomUUID().slice(0, 8)}`,
      name: "P",
      logoUrl: "/x.png",
      logoKey,
      logoContentType: "image/png",
      primaryColor: "#000000",
      accentColor: "#ffffff",
      vendorName: "V",
      salesPerson: "S",
      vendorPhone: "1",
    });
    const orphans = [`deals/${randomUUID()}/${randomUUID()}`, `partners/${randomUUID()}`];
    for (const key of orphans) await storage.put(key, Readable.from(["left by a crash"]), "application/pdf");

    expect(await sweepOrphanUploads(database.db, storage, 60 * 60 * 1000)).toBe(0);
    for (const key of orphans) expect(await storage.exists(key)).toBe(true);
    await sweepOrphanUploads(database.db, storage, 0);
    for (const key of orphans) expect(await storage.exists(key)).toBe(false);
    expect(await storage.exists(kept.storageKey)).toBe(true);
    expect(await storage.exists(logoKey)).toBe(true);
  });
});

describe("the app with STORAGE=s3, over HTTP", () => {
  let server: TestServer;
  let url: string;
  let cookie: string;
  beforeAll(async () => {
    server = await startTestServer(s3.env);
    const vendor = await createVendor(server.database, server.auth, "S3 Equipment");
    cookie = (await signIn(server.app, vendor.email, vendor.password)).cookie;
    await server.app.listen({ port: 0, host: "127.0.0.1" });
    url = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
  });
  afterAll(() => server?.close());

  const submit = async (businessName: string, files: UploadFile[]) => {
    const body = multipartBody({ deal: JSON.stringify(sampleNewDealFields({ businessName })) }, files);
    const response = await fetch(`${url}/api/portal/deals`, {
      method: "POST",
      headers: { cookie, origin: testOrigin, "content-type": body.contentType },
      body: body.payload,
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const { id } = (await response.json()) as { id: string };
    return server.database.db.select().from(dealDocument).where(eq(dealDocument.dealId, id)).orderBy(dealDocument.slot);
  };

  it("takes a vendor's deal with documents into the bucket and gives each back as an attachment, byte for byte", async () => {
    expect(server.config.storage.driver).toBe("s3");
    const statement = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(12 * 1024 * 1024)]);
    const documents = await submit("s3 paving", [
      { field: "client-info", name: "application.pdf", content: samplePdf },
      { field: "additional-1", name: "bank statement.pdf", content: statement },
    ]);
    expect(documents.map((doc) => [doc.slot, doc.size])).toEqual([
      ["additional-1", statement.length],
      ["client-info", samplePdf.length],
    ]);
    expect(await keysUnder(`deals/${documents[0]!.dealId}/`)).toEqual(documents.map((doc) => doc.storageKey).sort());

    for (const [doc, content] of [
      [documents[0]!, statement],
      [documents[1]!, samplePdf],
    ] as const) {
      const download = await fetch(`${url}/api/portal/documents/${doc.id}`, { headers: { cookie } });
      expect(download.status).toBe(200);
      expect(download.headers.get("content-type")).toBe("application/pdf");
      expect(download.headers.get("content-length")).toBe(String(content.length));
      expect(download.headers.get("content-disposition")).toBe(
        `attachment; filename="${doc.originalName}"; filename*=UTF-8''${encodeURIComponent(doc.originalName)}`,
      );
      expect(Buffer.from(await download.arrayBuffer()).equals(content)).toBe(true);
    }
  });

  it("answers 404, not 500, for a document whose object is gone from the bucket", async () => {
    const [doc] = await submit("s3 lost file", [{ field: "client-info", name: "application.pdf", content: samplePdf }]);
    await storage.delete(doc!.storageKey);
    const download = await fetch(`${url}/api/portal/documents/${doc!.id}`, { headers: { cookie } });
    expect(download.status).toBe(404);
    expect(download.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await download.json()).toMatchObject({ code: "NOT_FOUND" });
    expect(server.logs()).not.toContain("request failed");
  });
});
