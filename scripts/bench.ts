// `npm run bench`: server benchmarks on loopback, bounded in time, each reported as a ratio
// measured in the same run (issue 8). Runs on PGlite, and on PostgreSQL when
// BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a scratch database is created and dropped).
import { execFileSync, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import Fastify from "fastify";
import pg from "pg";
import { authRoles } from "../domain/auth/roles.ts";
import { composeServer } from "../server/compose-server.ts";
import { loadConfig } from "../server/config.ts";
import { openDatabase, type DatabaseHandle } from "../server/db/client.ts";
import { footerMessage, vendorCompany } from "../server/db/schema.ts";
import { createAccount } from "../server/modules/accounts/create-account.ts";

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const dealCount = Number(process.env.BENCH_DEALS ?? 1_000_000);
const results: string[] = [];
const report = (line: string) => {
  console.log(line);
  results.push(line);
};

async function cannon(options: autocannon.Options) {
  return autocannon({ duration: seconds, connections: 10, ...options });
}

async function htmlVsNginx(url: string) {
  const dir = await mkdtemp(path.join(tmpdir(), "bench-nginx-"));
  const port = 18080 + Math.floor(Math.random() * 1000);
  await writeFile(
    path.join(dir, "nginx.conf"),
    `worker_processes 1; daemon off; error_log ${dir}/error.log; pid ${dir}/nginx.pid;
events { worker_connections 1024; }
http { access_log off; gzip off; server { listen 127.0.0.1:${port}; root ${path.resolve("build/client")}; location / { try_files $uri $uri/index.html =404; } } }`,
  );
  const nginx = spawn("nginx", ["-c", path.join(dir, "nginx.conf"), "-p", dir], { stdio: "ignore" });
  await new Promise((resolve) => setTimeout(resolve, 500));
  const ours = await cannon({ url: `${url}/` });
  const theirs = await cannon({ url: `http://127.0.0.1:${port}/` });
  nginx.kill();
  await rm(dir, { recursive: true, force: true });
  report(`  prerendered / : ${ours.requests.average.toFixed(0)} req/s vs nginx ${theirs.requests.average.toFixed(0)} req/s -> ratio ${(ours.requests.average / theirs.requests.average).toFixed(2)} (goal >= 0.5)`);
}

async function leadVsBareInsert(url: string, database: DatabaseHandle) {
  const bare = Fastify();
  bare.post("/insert", async (request) => {
    const body = request.body as { nameUser: string; emailUser: string; subjectUser: string; idempotencyKey: string };
    const [row] = await database.db.insert(footerMessage).values({ idempotencyKey: body.idempotencyKey, nameOfBusiness: "", nameUser: body.nameUser, emailUser: body.emailUser, message: body.subjectUser }).returning({ id: footerMessage.id });
    return { id: row!.id };
  });
  const bareUrl = await bare.listen({ port: 0, host: "127.0.0.1" });
  // A fresh idempotency key per request, or every request after the first would be a repeat.
  const request = (target: string): autocannon.Options => ({
    url: target,
    requests: [
      {
        method: "POST",
        headers: { "content-type": "application/json", origin: url },
        setupRequest: (req) => ({ ...req, body: JSON.stringify({ nameOfBusiness: "", nameUser: "Bench", emailUser: "bench@x.example", subjectUser: "Hello", idempotencyKey: randomUUID() }) }),
      },
    ],
  });
  const ours = await cannon(request(`${url}/api/leads/footer-message`));
  const theirs = await cannon(request(`${bareUrl}/insert`));
  await bare.close();
  const non2xx = ours.non2xx;
  report(`  lead POST : ${ours.requests.average.toFixed(0)} req/s (non-2xx ${non2xx}) vs bare insert ${theirs.requests.average.toFixed(0)} req/s -> ratio ${(ours.requests.average / theirs.requests.average).toFixed(2)} (goal >= 0.3)`);
}

async function dealList(url: string, database: DatabaseHandle, auth: Parameters<typeof createAccount>[0]) {
  const [company] = await database.db.insert(vendorCompany).values({ name: "Bench Co", companyCode: String(100000 + Math.floor(Math.random() * 899999)) }).returning();
  const email = `bench-${randomUUID().slice(0, 8)}@x.example`;
  const user = await createAccount(auth, { email, name: "Bench", role: authRoles.vendor, password: "bench-password", emailVerified: true, vendorCompanyId: company!.id });
  const started = performance.now();
  // One statement, so the same cost on both drivers; most deals in other months, as in real life.
  await database.db.execute(sql`
    insert into deal (idempotency_key, vendor_company_id, submitted_by_user_id, account_number, business_name, owners_name, business_phone, business_email, description, equipment_description, month_submitted, year_in_file, last_update)
    select 'bench-' || g, ${company!.id}, ${user.id}, 'B' || g, 'BUSINESS ' || g, 'OWNER', '(555) 010-0000', '', 'Loader', 'Loader', g % 12, 2020 + (g % 7), now() - (g || ' seconds')::interval
    from generate_series(1, ${dealCount}) g`);
  await database.db.execute(sql`analyze deal`);
  const seeded = (performance.now() - started) / 1000;
  const signIn = await fetch(`${url}/api/auth/sign-in/email`, { method: "POST", headers: { "content-type": "application/json", origin: url }, body: JSON.stringify({ email, password: "bench-password" }) });
  const cookie = signIn.headers.getSetCookie().map((value) => value.split(";")[0]).join("; ");
  const timings: number[] = [];
  const deadline = Date.now() + seconds * 1000;
  for (let i = 0; i < 500 && Date.now() < deadline; i += 1) {
    const month = i % 13 === 12 ? "all" : String(i % 12);
    const t0 = performance.now();
    const response = await fetch(`${url}/api/portal/deals?month=${month}`, { headers: { cookie } });
    await response.arrayBuffer();
    timings.push(performance.now() - t0);
  }
  timings.sort((a, b) => a - b);
  const p95 = timings[Math.floor(timings.length * 0.95)]!;
  const plan = (await database.db.execute(sql`explain select * from deal where vendor_company_id = ${company!.id} and year_in_file = 2026 and month_submitted = 3 order by last_update desc, id desc limit 51`)) as unknown as { rows: Record<string, string>[] };
  const usesIndex = plan.rows.map((row) => Object.values(row)[0]).join(" ").match(/Index[^(]*/)?.[0]?.trim() ?? "no index";
  report(`  deal list with ${dealCount.toLocaleString("en-US")} deals (seeded in ${seeded.toFixed(1)} s): p95 ${p95.toFixed(1)} ms over ${timings.length} requests (goal <= 20 ms); plan: ${usesIndex}`);
  return cookie;
}

async function uploadMemory(url: string, cookie: string) {
  const part = 24 * 1024 * 1024;
  const files = 4;
  const boundary = `----bench${randomUUID()}`;
  const header = (name: string) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
  const fields = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="deal"\r\n\r\n${JSON.stringify({ businessName: "BENCH UPLOAD", ownersName: "OWNER", businessPhone: "(555) 010-0000", businessEmail: "", equipDesc: "", costOfEq: "", downPayment: "", businessTaxId: "", dobContact: "", VendorComment: "", idempotencyKey: randomUUID() })}\r\n`);
  const slots = ["client-info", "additional-1", "additional-2", "additional-1"];
  async function* body() {
    yield fields;
    for (let i = 0; i < files; i += 1) {
      yield header(slots[i]!);
      yield Buffer.from("%PDF-1.4\n");
      const chunk = Buffer.alloc(1024 * 1024, 65);
      for (let sent = 0; sent < part; sent += chunk.length) yield chunk;
      yield Buffer.from("\r\n");
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  }
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const response = await fetch(`${url}/api/portal/deals`, {
    method: "POST",
    headers: { cookie, origin: url, "content-type": `multipart/form-data; boundary=${boundary}` },
    body: Readable.toWeb(Readable.from(body())) as ReadableStream,
    duplex: "half",
  } as RequestInit);
  clearInterval(sampler);
  report(`  ${((part * files) / 1024 / 1024).toFixed(0)} MB upload (status ${response.status}): server memory growth ${((peak - before) / 1024 / 1024).toFixed(1)} MB (goal <= 64 MB; client and server share this process, so this is an upper bound)`);
}

async function run(driver: "pglite" | "postgres", postgresUrl?: string) {
  report(`\n${driver}:`);
  const dataDir = await mkdtemp(path.join(tmpdir(), "bench-data-"));
  let scratch: string | null = null;
  let database: DatabaseHandle;
  if (driver === "postgres") {
    scratch = `bench_${randomUUID().slice(0, 8)}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create database ${scratch}`);
    await admin.end();
    const target = new URL(postgresUrl!);
    target.pathname = `/${scratch}`;
    database = await openDatabase({ driver: "postgres", url: target.toString() });
  } else {
    database = await openDatabase({ driver: "pglite" });
  }
  await database.migrate();
  const port = 20000 + Math.floor(Math.random() * 20000);
  const publicUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    RATE_LIMIT_MAX: "100000000",
    LEAD_RATE_LIMIT_MAX: "100000000",
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret",
    PORT: String(port),
    PUBLIC_URL: publicUrl,
  });
  const { app, auth } = await composeServer(config, { database, serveSite: true, onWarning: () => {} });
  const url = await app.listen({ port, host: "127.0.0.1" });
  try {
    await htmlVsNginx(url);
    await leadVsBareInsert(publicUrl, database);
    const cookie = await dealList(publicUrl, database, auth);
    await uploadMemory(publicUrl, cookie);
  } finally {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
    if (scratch) {
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${scratch} with (force)`);
      await admin.end();
    }
  }
}

if (!existsSync("build/site-meta.json")) execFileSync("npm", ["run", "build"], { stdio: "inherit" });
console.log(`Benchmarks (${seconds} s each, 10 connections, loopback) on ${new Date().toISOString()}`);
await run("pglite");
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (postgresUrl) await run("postgres", postgresUrl);
process.exit(0);
