import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultBrand } from "#domain/site/brand.ts";
import { openDatabase, type DatabaseHandle } from "../../server/db/client.ts";
import { dealDocument } from "../../server/deals/tables.ts";
import { footerMessage } from "../../server/leads/tables.ts";
import { mailOutbox } from "../../server/mail/tables.ts";
import { createAuth } from "../../server/auth/create-auth.ts";
import { revokeCreatedCredentials } from "../../server/accounts/revoke-created-credentials.ts";
import { adminQuery, databaseUrl } from "../support/database-global-setup.ts";
import { multipartBody, samplePdf } from "../support/multipart.ts";
import { startTestRedis, type TestRedis } from "../support/redis-server.ts";
import { startS3Server, type S3Server } from "../support/s3-server.ts";
import { freePort, startServerProcess, type ServerProcess } from "../support/server-process.ts";
import { SmtpCatcher } from "../support/smtp-catcher.ts";
import { createVendor } from "../support/vendor-fixtures.ts";
import { sampleNewDealFields } from "../../server/demo/sample-requests.ts";

// The fleet of docs/deploy.md as processes: two servers on one PostgreSQL, one Redis, one S3
// server and one SMTP server. Sessions, files, leads, mail and limits must behave as on one server.

const postgresUrl = process.env.TEST_DATABASE_URL;
if (!postgresUrl)
  console.warn(
    "tests/e2e/two-servers.test.ts skipped: TEST_DATABASE_URL is not set (it needs a real PostgreSQL, as on CI).",
  );

const publicUrl = "http://lender.test";
const database = `lender_fleet_${randomBytes(5).toString("hex")}`;
let handle: DatabaseHandle;
let redis: TestRedis;
let s3: S3Server;
let smtp: SmtpCatcher;
let a: ServerProcess;
let b: ServerProcess;
let fleetEnv: Record<string, string> = {};
const dataDirs: string[] = [];
const vendor = { email: "", password: "" };

async function startFleetServer(env: Record<string, string>): Promise<ServerProcess> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "lender-fleet-"));
  dataDirs.push(dataDir);
  return startServerProcess(await freePort(), { ...env, DATA_DIR: dataDir });
}

beforeAll(async () => {
  if (!postgresUrl) return;
  await adminQuery(postgresUrl, `CREATE DATABASE ${database}`);
  handle = await openDatabase({ driver: "postgres", url: databaseUrl(postgresUrl, database), poolSize: 3 });
  await handle.migrate();
  const secret = "fleet-secret-fleet-secret-fleet-secret-01";
  Object.assign(
    vendor,
    await createVendor(
      handle,
      createAuth({ db: handle.db, secret, publicUrl, brand: defaultBrand, revokeCreatedCredentials }),
      "Fleet Forklifts",
    ),
  );
  [redis, s3, smtp] = await Promise.all([startTestRedis(), startS3Server(), new SmtpCatcher().start()]);
  const env = {
    PUBLIC_URL: publicUrl,
    DATABASE_URL: databaseUrl(postgresUrl, database),
    REDIS_URL: redis.url,
    ...s3.env,
    SMTP_URL: smtp.url,
    AUTH_SECRET: secret,
    DATA_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    TRUST_PROXY: "1",
    MAIL_POLL_MS: "200",
    MAIL_RETRY_BASE_MS: "200",
    MAIL_CLAIM_LEASE_SECONDS: "5",
  };
  fleetEnv = env;
  [a, b] = await Promise.all([startFleetServer(env), startFleetServer(env)]);
  await Promise.all([a.healthy(), b.healthy()]);
}, 180_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await Promise.all([redis?.close(), s3?.stop(), smtp?.stop()]);
  await handle?.close();
  if (postgresUrl) await adminQuery(postgresUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
});

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** One request on a connection of its own (no keep-alive): a refused connection and a dropped request are told apart. */
function send(
  server: ServerProcess,
  method: string,
  url: string,
  options: { body?: Buffer | string; type?: string; cookie?: string; ip?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${server.url}${url}`, {
      method,
      agent: false,
      headers: {
        origin: publicUrl,
        "x-forwarded-for": options.ip ?? "203.0.113.1",
        ...(options.type ? { "content-type": options.type } : {}),
        ...(options.cookie ? { cookie: options.cookie } : {}),
      },
    });
    request.once("error", reject);
    request.once("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.once("end", () =>
        resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.once("error", reject);
    });
    request.end(options.body);
  });
}

const footerMessageFrom = (name: string, idempotencyKey = randomUUID()) =>
  JSON.stringify({
    nameOfBusiness: "Fleet Test",
    nameUser: name,
    emailUser: "fleet@visitor.example",
    subjectUser: "Call me",
    idempotencyKey,
  });

/** Waits until every stored footer message of the run is mailed; then each must have been claimed and sent once. */
async function expectEachMailedOnce(namePrefix: string, count: number, { claimedOnce = true } = {}) {
  await expect
    .poll(
      async () =>
        (
          await handle.db
            .select()
            .from(mailOutbox)
            .where(like(mailOutbox.subject, `New website message from ${namePrefix}%`))
        ).filter((mail) => mail.status === "sent").length,
      { timeout: 60_000, interval: 250 },
    )
    .toBe(count);
  const rows = await handle.db
    .select()
    .from(mailOutbox)
    .where(like(mailOutbox.subject, `New website message from ${namePrefix}%`));
  if (claimedOnce) expect(rows.map((row) => row.attempts)).toEqual(rows.map(() => 1));
  const caught = smtp.mails.filter((mail) => mail.subject.startsWith(`New website message from ${namePrefix}`));
  expect(caught).toHaveLength(count);
  expect(new Set(caught.map((mail) => mail.subject)).size).toBe(count);
}

describe.skipIf(!postgresUrl)("two servers on one PostgreSQL, Redis, S3 and SMTP", () => {
  it("signs a vendor in on one server and keeps them signed in on the other", async () => {
    const signedIn = await send(a, "POST", "/api/auth/sign-in/email", {
      type: "application/json",
      body: JSON.stringify(vendor),
    });
    expect(signedIn.status).toBe(200);
    const cookie = [signedIn.headers["set-cookie"] ?? []]
      .flat()
      .map((value) => value.split(";")[0])
      .join("; ");
    const me = await send(b, "GET", "/api/me", { cookie });
    expect(me.status).toBe(200);
    expect(JSON.parse(me.body.toString()).user.email).toBe(vendor.email);
  });

  it("takes a document on one server and gives it back, byte for byte, from the other", async () => {
    const signedIn = await send(b, "POST", "/api/auth/sign-in/email", {
      type: "application/json",
      body: JSON.stringify(vendor),
    });
    const cookie = [signedIn.headers["set-cookie"] ?? []]
      .flat()
      .map((value) => value.split(";")[0])
      .join("; ");
    const content = Buffer.concat([samplePdf, randomBytes(300_000)]);
    const upload = multipartBody({ deal: JSON.stringify(sampleNewDealFields({ businessName: "FLEET PAVING" })) }, [
      { field: "client-info", name: "application.pdf", content },
    ]);
    const created = await send(a, "POST", "/api/portal/deals", {
      cookie,
      type: upload.contentType,
      body: upload.payload,
    });
    expect(created.status, created.body.toString()).toBe(201);
    const [document] = await handle.db
      .select()
      .from(dealDocument)
      .where(eq(dealDocument.dealId, JSON.parse(created.body.toString()).id));
    const downloaded = await send(b, "GET", `/api/portal/documents/${document!.id}`, { cookie });
    expect(downloaded.status).toBe(200);
    expect(downloaded.headers["content-disposition"]).toMatch(/^attachment; filename="application.pdf"/);
    expect(downloaded.body.equals(content)).toBe(true);
  });

  it("stores a burst of leads split across both once each, repeats included, and mails each exactly once", async () => {
    const repeatKey = randomUUID();
    const burst = Array.from({ length: 40 }, (_, index) =>
      send(index % 2 ? b : a, "POST", "/api/leads/footer-message", {
        type: "application/json",
        body: footerMessageFrom(`Burst ${index}`),
        ip: `198.51.100.${index + 1}`,
      }),
    );
    const repeats = Array.from({ length: 6 }, (_, index) =>
      send(index % 2 ? b : a, "POST", "/api/leads/footer-message", {
        type: "application/json",
        body: footerMessageFrom("Burst repeat", repeatKey),
        ip: `198.51.101.${index + 1}`,
      }),
    );
    const answers = await Promise.all([...burst, ...repeats]);
    expect(answers.map((answer) => answer.status).filter((status) => status >= 300)).toEqual([]);
    const [{ n }] = (await handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(footerMessage)
      .where(like(footerMessage.nameUser, "Burst %"))) as [{ n: number }];
    expect(n).toBe(41);
    await expectEachMailedOnce("Burst ", 41);
  });

  it("counts the lead-form limit once for both servers", async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 12; index += 1) {
      statuses.push(
        (
          await send(index < 6 ? a : b, "POST", "/api/leads/footer-message", {
            type: "application/json",
            body: footerMessageFrom(`Limit ${index}`),
            ip: "192.0.2.77",
          })
        ).status,
      );
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it("loses nothing when one server gets SIGTERM during a burst: a request it is reading finishes, the rest go to the other, every lead is mailed once", async () => {
    const signedIn = await send(a, "POST", "/api/auth/sign-in/email", {
      type: "application/json",
      body: JSON.stringify(vendor),
    });
    const cookie = [signedIn.headers["set-cookie"] ?? []]
      .flat()
      .map((value) => value.split(";")[0])
      .join("; ");
    // An upload A has begun to read when SIGTERM arrives: half its body before, half after.
    const upload = multipartBody({ deal: JSON.stringify(sampleNewDealFields({ businessName: "DRAIN PAVING" })) }, [
      { field: "client-info", name: "application.pdf", content: Buffer.concat([samplePdf, randomBytes(2_000_000)]) },
    ]);
    const half = Math.floor(upload.payload.length / 2);
    let finishUpload = () => {};
    const inFlight = new Promise<Answer>((resolve, reject) => {
      const request = http.request(`${a.url}/api/portal/deals`, {
        method: "POST",
        agent: false,
        headers: {
          origin: publicUrl,
          cookie,
          "content-type": upload.contentType,
          "content-length": upload.payload.length,
        },
      });
      request.once("error", reject);
      request.once("response", (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.once("end", () =>
          resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      });
      request.write(upload.payload.subarray(0, half));
      finishUpload = () => request.end(upload.payload.subarray(half));
    });

    const answered: number[] = [];
    const submit = async (index: number) => {
      const body = footerMessageFrom(`Drain ${index}`);
      const ip = `198.51.102.${index + 1}`;
      try {
        const answer = await send(index % 2 ? b : a, "POST", "/api/leads/footer-message", {
          type: "application/json",
          body,
          ip,
        });
        answered.push(answer.status);
        return answer.status;
      } catch {
        // A stopped server refuses (or resets a connection it had not read from): as a load balancer
        // would, the same request, with the same idempotency key, goes to the other server.
        return (await send(b, "POST", "/api/leads/footer-message", { type: "application/json", body, ip })).status;
      }
    };
    const burst = Array.from({ length: 30 }, (_, index) => submit(index));
    await expect.poll(() => answered.length, { interval: 5 }).toBeGreaterThanOrEqual(4);
    const stopped = a.stop();
    const late = Array.from({ length: 10 }, (_, index) => submit(30 + index * 2));
    // A has stopped listening (it is shutting down) before the upload's second half is sent.
    await expect
      .poll(
        () =>
          send(a, "GET", "/api/health").then(
            () => "listening",
            () => "closed",
          ),
        { interval: 20 },
      )
      .toBe("closed");
    finishUpload();
    const statuses = await Promise.all([...burst, ...late]);
    const uploaded = await inFlight;
    expect(uploaded.status, uploaded.body.toString()).toBe(201);
    expect(await stopped).toBe(0);
    expect(statuses.filter((status) => status !== 201)).toEqual([]);
    const [{ n }] = (await handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(footerMessage)
      .where(like(footerMessage.nameUser, "Drain %"))) as [{ n: number }];
    expect(n).toBe(40);
    await expectEachMailedOnce("Drain ", 40);
  });

  it("delivers the mails a server claimed and never sent (killed mid-send) from the other server once the lease lapses", async () => {
    await b.stop();
    // An SMTP server that accepts and never answers: the dying server's pass hangs holding its claims.
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const doomed = await startFleetServer({
      ...fleetEnv,
      SMTP_URL: `smtp://127.0.0.1:${(silent.address() as net.AddressInfo).port}`,
    });
    try {
      await doomed.healthy();
      for (let index = 0; index < 5; index += 1) {
        expect(
          (
            await send(doomed, "POST", "/api/leads/footer-message", {
              type: "application/json",
              body: footerMessageFrom(`Lease ${index}`),
              ip: `198.51.103.${index + 1}`,
            })
          ).status,
        ).toBe(201);
      }
      const leaseMails = () =>
        handle.db.select().from(mailOutbox).where(like(mailOutbox.subject, "New website message from Lease %"));
      // Claimed: attempted, still pending, hidden from other workers until the lease lapses.
      await expect
        .poll(
          async () =>
            (await leaseMails()).filter(
              (mail) => mail.attempts === 1 && mail.status === "pending" && mail.nextAttemptAt > new Date(),
            ).length,
          { timeout: 30_000, interval: 100 },
        )
        .toBeGreaterThan(0);
      const claimed = (await leaseMails()).filter((mail) => mail.attempts === 1 && mail.nextAttemptAt > new Date());
      doomed.child.kill("SIGKILL");
      await doomed.exited;
      b = await startFleetServer(fleetEnv);
      await b.healthy();
      await expectEachMailedOnce("Lease ", 5, { claimedOnce: false });
      for (const mail of await leaseMails()) {
        const wasClaimed = claimed.find((candidate) => candidate.id === mail.id);
        if (!wasClaimed) continue;
        expect(mail.attempts).toBe(2);
        expect(mail.sentAt!.getTime()).toBeGreaterThanOrEqual(wasClaimed.nextAttemptAt.getTime());
      }
    } finally {
      await doomed.stop();
      silent.close();
    }
  });
});
