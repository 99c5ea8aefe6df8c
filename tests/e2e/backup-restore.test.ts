import { spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultBrand } from "../../domain/site/brand.ts";
import { openDatabase } from "../../server/db/client.ts";
import { deal, dealClient } from "../../server/deals/tables.ts";
import { creditApplication, creditApplicationOwner, footerMessage } from "../../server/leads/tables.ts";
import { createAuth } from "../../server/auth/create-auth.ts";
import { revokeCreatedCredentials } from "../../server/accounts/revoke-created-credentials.ts";
import { readBackupManifest } from "../../server/backup/backup-archive.ts";
import { createFieldCipher } from "../../server/shared/crypto/field-cipher.ts";
import { sampleCreditApplication, sampleNewDealFields } from "../../server/demo/sample-requests.ts";
import { multipartBody, samplePdf } from "../support/multipart.ts";
import { freePort, startServerProcess, type ServerProcess } from "../support/server-process.ts";
import { createVendor } from "../support/vendor-fixtures.ts";

// The embedded database and local files only: nothing of a PostgreSQL or S3 test run may leak in.
delete process.env.DATABASE_URL;
delete process.env.DATABASE_READ_URL;
delete process.env.STORAGE;

const authSecret = "backup-test-secret-backup-test-secret-01";
let root: string;
const running: ServerProcess[] = [];

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "lender-backup-"));
});
afterAll(async () => {
  await Promise.all(running.map((server) => server.stop()));
  if (root) await rm(root, { recursive: true, force: true });
});

async function startServer(dataDir: string) {
  const port = await freePort();
  const server = startServerProcess(port, {
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    AUTH_SECRET: authSecret,
    STAFF_2FA_REQUIRED: "false",
    LEAD_RATE_LIMIT_MAX: "100000",
    RATE_LIMIT_MAX: "100000",
    LOG_LEVEL: "warn",
  });
  running.push(server);
  await server.healthy();
  return server;
}

/** `npm run <script> -- <args>` as a child process, as an operator runs it. */
function runScript(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string; ms: number }>((resolve) => {
    const started = Date.now();
    const child = spawn("npm", ["run", "-s", script, "--", ...args], {
      env: { ...process.env, NODE_ENV: "test", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", (code) => resolve({ code, output, ms: Date.now() - started }));
  });
}

async function signIn(server: ServerProcess, account: { email: string; password: string }) {
  const response = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify(account),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

function postJson(server: ServerProcess, route: string, body: unknown) {
  return fetch(`${server.url}${route}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify(body),
  });
}

const footerMessageFrom = (name: string) => ({
  nameUser: name,
  nameOfBusiness: "Backup Test",
  emailUser: "backup@visitor.example",
  subjectUser: `Message from ${name}`,
  idempotencyKey: randomUUID(),
});

async function filesUnder(dir: string) {
  const found = new Map<string, Buffer>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])) {
    if (entry.isFile())
      found.set(
        path.relative(dir, path.join(entry.parentPath, entry.name)),
        await readFile(path.join(entry.parentPath, entry.name)),
      );
  }
  return found;
}

describe("npm run backup / npm run restore on the embedded database", () => {
  it("backs up a running server receiving leads, restores into an empty DATA_DIR with the keys kept apart, and the restored server has the same records and files", async () => {
    const source = path.join(root, "source");
    const database = await openDatabase({ driver: "pglite", dataDir: path.join(source, "pglite") });
    await database.migrate();
    const vendor = await createVendor(
      database,
      createAuth({
        db: database.db,
        secret: authSecret,
        publicUrl: "http://127.0.0.1",
        brand: defaultBrand,
        revokeCreatedCredentials,
      }),
      "Backup Vendor",
    );
    await database.close();

    const server = await startServer(source);
    // The local demo generates its keys into DATA_DIR/keys/: these must never be in a backup.
    const keyFiles = await readdir(path.join(source, "keys"));
    expect(keyFiles.sort()).toEqual(["data-encryption-key"]);

    // Records: leads of each kind, a credit application (encrypted SSNs), deals with documents.
    const application = sampleCreditApplication();
    expect((await postJson(server, "/api/leads/credit-application", application)).status).toBe(201);
    for (let index = 0; index < 5; index += 1)
      expect((await postJson(server, "/api/leads/footer-message", footerMessageFrom(`Before ${index}`))).status).toBe(
        201,
      );
    const cookie = await signIn(server, vendor);
    const uploaded = new Map<string, Buffer>();
    const dealIds: string[] = [];
    for (const name of ["granite peak", "cedar ridge"]) {
      const documents = [
        Buffer.concat([samplePdf, randomBytes(256 * 1024)]),
        Buffer.concat([samplePdf, randomBytes(64 * 1024)]),
      ];
      const body = multipartBody({ deal: JSON.stringify(sampleNewDealFields({ businessName: name })) }, [
        { field: "client-info", name: "application.pdf", content: documents[0]!, type: "application/pdf" },
        { field: "additional-1", name: "statement.pdf", content: documents[1]!, type: "application/pdf" },
      ]);
      const created = await fetch(`${server.url}/api/portal/deals`, {
        method: "POST",
        headers: { cookie, origin: server.url, "content-type": body.contentType },
        body: body.payload,
      });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: string };
      dealIds.push(id);
      const thread = (await (
        await fetch(`${server.url}/api/portal/deals/${id}/messages`, { headers: { cookie } })
      ).json()) as { documents: { id: string; slot: string }[] };
      for (const document of thread.documents)
        uploaded.set(document.id, document.slot === "client-info" ? documents[0]! : documents[1]!);
    }
    expect(uploaded.size).toBe(4);

    // Leads keep arriving, one after another, while the backup runs.
    let streaming = true;
    const accepted: { at: number; name: string }[] = [];
    const stream = (async () => {
      for (let index = 0; streaming; index += 1) {
        const name = `During ${index}`;
        const response = await postJson(server, "/api/leads/footer-message", footerMessageFrom(name));
        expect(response.status).toBe(201);
        accepted.push({ at: Date.now(), name });
      }
    })();
    await expect.poll(() => accepted.length, { interval: 20 }).toBeGreaterThan(3);

    const archive = path.join(root, "backup.tar.gz");
    const backupStarted = Date.now();
    const backup = await runScript("backup", ["--out", archive], { DATA_DIR: source });
    const backupEnded = Date.now();
    await expect
      .poll(() => accepted.filter((lead) => lead.at > backupEnded).length, { interval: 20 })
      .toBeGreaterThan(2);
    streaming = false;
    await stream;
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain(`The server (process ${server.child.pid}) has`);
    expect(backup.output).toContain("The keys are NOT in the archive");
    expect(backup.output).toContain(path.join(source, "keys", "data-encryption-key"));
    // The server kept answering during the backup.
    expect(accepted.filter((lead) => lead.at > backupStarted && lead.at < backupEnded).length).toBeGreaterThan(0);
    const archiveSize = (await stat(archive)).size;
    expect((await stat(archive)).mode & 0o777).toBe(0o600);
    console.info(
      `backup: ${(archiveSize / 1024 / 1024).toFixed(1)} MB in ${backup.ms} ms (npm run backup, server running)`,
    );

    const manifest = await readBackupManifest(archive);
    const keyId = createFieldCipher(
      (await readFile(path.join(source, "keys", "data-encryption-key"), "utf8")).trim(),
    ).keyId;
    expect(manifest).toMatchObject({
      takenBy: "server",
      dataEncryptionKeyId: keyId,
      encryptedValueKeyIds: [keyId],
      files: { count: 4 },
    });
    expect(manifest.database.rows.deal).toBe(2);
    expect(manifest.database.rows.credit_application).toBe(1);
    const leadsInBackup = manifest.database.rows.footer_message!;
    // A consistent point in the stream: everything before the backup, nothing after it.
    expect(leadsInBackup).toBeGreaterThanOrEqual(5 + accepted.filter((lead) => lead.at < backupStarted).length);
    expect(leadsInBackup).toBeLessThanOrEqual(5 + accepted.filter((lead) => lead.at <= backupEnded).length);

    // No key material in the archive (the outer tar unpacked; the database dump is stored uncompressed in it).
    const unpacked = gunzipSync(await readFile(archive));
    for (const name of keyFiles) {
      const key = (await readFile(path.join(source, "keys", name), "utf8")).trim();
      expect(unpacked.includes(Buffer.from(key))).toBe(false);
      expect(unpacked.includes(Buffer.from(key, "base64"))).toBe(false);
    }
    expect(unpacked.includes(Buffer.from(authSecret))).toBe(false);

    await server.stop();
    expect(await stat(path.join(source, "server.pid")).catch(() => null)).toBeNull();

    // Restore into an empty DATA_DIR, the keys copied there separately first.
    const target = path.join(root, "target");
    await mkdir(path.join(target, "keys"), { recursive: true, mode: 0o700 });
    for (const name of keyFiles) await copyFile(path.join(source, "keys", name), path.join(target, "keys", name));
    const restore = await runScript("restore", [archive], { DATA_DIR: target });
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toContain(`The configured data-encryption key (id ${keyId}) reads every encrypted value`);
    for (const dir of ["", "pglite", "files", "files/deals"])
      expect((await stat(path.join(target, dir))).mode & 0o777).toBe(0o700);
    for (const [name] of await filesUnder(path.join(target, "files")))
      expect((await stat(path.join(target, "files", name))).mode & 0o077).toBe(0);
    console.info(`restore: ${restore.ms} ms (npm run restore)`);

    // A second restore into the now non-empty DATA_DIR is refused and changes nothing.
    const again = await runScript("restore", [archive], { DATA_DIR: target });
    expect(again.code).not.toBe(0);
    expect(again.output).toContain("is not empty: it already has pglite/ and files/");

    // The restored server: the vendor signs in, the deals and their documents are there byte for byte.
    const restored = await startServer(target);
    const restoredCookie = await signIn(restored, vendor);
    for (const [documentId, bytes] of uploaded) {
      const download = await fetch(`${restored.url}/api/portal/documents/${documentId}`, {
        headers: { cookie: restoredCookie },
      });
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
    }
    await restored.stop();

    // The stored files: the archive's are the source's (a file stored after the dump would be an orphan).
    const sourceFiles = await filesUnder(path.join(source, "files"));
    const restoredFiles = await filesUnder(path.join(target, "files"));
    expect(restoredFiles.size).toBe(4);
    for (const [name, bytes] of restoredFiles) expect(sourceFiles.get(name)?.equals(bytes)).toBe(true);

    // Records: the counts of the manifest, and rows as they were in the source.
    const [before, after] = [
      await openDatabase({ driver: "pglite", dataDir: path.join(source, "pglite") }),
      await openDatabase({ driver: "pglite", dataDir: path.join(target, "pglite") }),
    ];
    try {
      const leads = await after.db.select().from(footerMessage);
      expect(leads).toHaveLength(leadsInBackup);
      const sourceLeads = new Map((await before.db.select().from(footerMessage)).map((row) => [row.id, row]));
      for (const lead of leads) expect(lead).toEqual(sourceLeads.get(lead.id));
      expect(leads.filter((lead) => lead.nameUser.startsWith("Before "))).toHaveLength(5);
      expect(await after.db.select().from(deal).orderBy(deal.id)).toEqual(
        await before.db.select().from(deal).orderBy(deal.id),
      );
      expect((await after.db.select().from(deal)).map((row) => row.id).sort()).toEqual([...dealIds].sort());

      // Encrypted values still decrypt with the key that was kept apart.
      const cipher = createFieldCipher(
        (await readFile(path.join(target, "keys", "data-encryption-key"), "utf8")).trim(),
      );
      const [restoredApplication] = await after.db.select().from(creditApplication);
      expect(cipher.decrypt(restoredApplication!.fedIdEncrypted!)).toBe(application.FedId);
      const owners = await after.db
        .select()
        .from(creditApplicationOwner)
        .where(eq(creditApplicationOwner.applicationId, restoredApplication!.id));
      expect(owners.map((owner) => cipher.decrypt(owner.ssnEncrypted)).sort()).toEqual(
        [application.ssn, application.ssn2].sort(),
      );
      const clients = await after.db.select().from(dealClient);
      expect(clients.map((client) => cipher.decrypt(client.businessTaxIdEncrypted!))).toEqual([
        "98-7654321",
        "98-7654321",
      ]);
    } finally {
      await Promise.all([before.close(), after.close()]);
    }
  });
});
