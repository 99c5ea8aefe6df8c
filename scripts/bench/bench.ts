// `npm run bench`: server benchmarks on loopback, bounded in time, each reported as a ratio
// measured in the same run. Runs on PGlite, and on PostgreSQL when
// BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a scratch database is created and dropped).
// The server runs as in production, in its own process (its bundle, build/server/main.mjs, written
// afresh from server/; LOG_LEVEL=info); the
// load comes from this process (autocannon) or from wrk.
import { execFile, execFileSync, spawn, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { promisify } from "node:util";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import pg from "pg";
import { dealerRoles } from "../../domain/auth/dealer-roles.ts";
import { authRoles } from "../../domain/auth/roles.ts";
import { composeServer } from "../../server/compose-server.ts";
import { loadConfig } from "../../server/config.ts";
import { vendorCompany } from "../../server/vendors/tables.ts";
import { createAccount } from "../../server/accounts/create-account.ts";
import { benchLists } from "./bench-lists.ts";
import { benchLeadWrite } from "./bench-lead-write.ts";
import { benchPromiseBoards } from "./bench-promise.ts";
import { benchSigningPackage } from "./bench-signing.ts";
import { benchDealPage } from "./bench-deal-page.ts";
import { createDealThroughput } from "./bench-api-v1.ts";
import { bundleServer } from "../build/server-bundle.ts";

const execFileAsync = promisify(execFile);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const dealCount = Number(process.env.BENCH_DEALS ?? 1_000_000);
const uploadMegabytes = Number(process.env.BENCH_UPLOAD_MB ?? 96);
const report = (line: string) => console.log(line);

type Child = { url: string; pid: number; stop(): Promise<void> };

/** A script of ours in its own process, on the given environment; resolves once it prints `ready`. */
async function startProcess(args: string[], env: Record<string, string>, ready: string): Promise<Child> {
  const script = args.at(-1)!;
  const port = 40000 + Math.floor(Math.random() * 10000);
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env, PORT: String(port), PUBLIC_URL: url },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  await Promise.race([
    new Promise<void>((resolve) =>
      child.stdout.on("data", (chunk: Buffer) => chunk.toString().includes(ready) && resolve()),
    ),
    exited.then((code) => Promise.reject(new Error(`${script} exited with ${code}`))),
  ]);
  child.stdout.resume();
  return {
    url,
    pid: child.pid!,
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

async function wrk(url: string, duration: number): Promise<number> {
  const { stdout } = await execFileAsync("wrk", ["-t1", "-c10", `-d${duration}s`, url]);
  return Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)![1]);
}

/** wrk (C, from Debian) drives both: one Node load generator cannot saturate nginx. */
async function htmlVsNginx(server: Child) {
  const missing = ["nginx", "wrk"].filter((tool) => spawnSync("which", [tool]).status !== 0);
  if (missing.length) {
    report(`  prerendered / : skipped, ${missing.join(" and ")} not installed (apt-get install nginx-light wrk)`);
    return;
  }
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
  const nginxUrl = `http://127.0.0.1:${port}/`;
  // A second of warm-up each (V8 compiles the hot path), then the measured runs.
  await wrk(`${server.url}/`, 1);
  await wrk(nginxUrl, 1);
  const ours = await wrk(`${server.url}/`, seconds);
  const theirs = await wrk(nginxUrl, seconds);
  nginx.kill();
  await rm(dir, { recursive: true, force: true });
  report(
    `  prerendered / : ${ours.toFixed(0)} req/s vs nginx ${theirs.toFixed(0)} req/s -> ratio ${(ours / theirs).toFixed(2)} (goal >= 0.5; each one process, wrk -t1 -c10)`,
  );
}

/** A fresh idempotency key per request, or every request after the first would be a repeat. */
function leadLoad(url: string, origin: string) {
  return autocannon({
    url,
    duration: seconds,
    connections: 10,
    requests: [
      {
        method: "POST",
        headers: { "content-type": "application/json", origin },
        setupRequest: (req) => ({
          ...req,
          body: JSON.stringify({
            nameOfBusiness: "",
            nameUser: "Bench",
            emailUser: "bench@x.example",
            subjectUser: "Hello",
            idempotencyKey: randomUUID(),
          }),
        }),
      },
    ],
  });
}

async function dealList(server: Child, email: string) {
  const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify({ email, password: "bench-password" }),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  const timings: number[] = [];
  const deadline = Date.now() + seconds * 1000;
  for (let i = 0; i < 500 && Date.now() < deadline; i += 1) {
    const month = i % 13 === 12 ? "all" : String(i % 12);
    const t0 = performance.now();
    const response = await fetch(`${server.url}/api/portal/deals?month=${month}`, { headers: { cookie } });
    await response.arrayBuffer();
    timings.push(performance.now() - t0);
  }
  timings.sort((a, b) => a - b);
  return { cookie, p95: timings[Math.floor(timings.length * 0.95)]!, count: timings.length };
}

async function residentMegabytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

async function uploadMemory(server: Child, cookie: string) {
  const files = 4;
  const part = Math.round((uploadMegabytes * 1024 * 1024) / files);
  const boundary = `----bench${randomUUID()}`;
  const header = (name: string) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    );
  const fields = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="deal"\r\n\r\n${JSON.stringify({ businessName: "BENCH UPLOAD", ownersName: "OWNER", businessPhone: "(555) 010-0000", businessEmail: "", equipDesc: "", costOfEq: "", downPayment: "", businessTaxId: "", dobContact: "", VendorComment: "", idempotencyKey: randomUUID() })}\r\n`,
  );
  const slots = ["client-info", "additional-1", "additional-2", "additional-1"];
  async function* body() {
    yield fields;
    for (let i = 0; i < files; i += 1) {
      yield header(slots[i]!);
      yield Buffer.from("%PDF-1.4\n");
      const chunk = Buffer.alloc(1024 * 1024, 65);
      for (let sent = 0; sent < part; sent += chunk.length) yield chunk.subarray(0, part - sent);
      yield Buffer.from("\r\n");
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  }
  const before = await residentMegabytes(server.pid);
  let peak = before;
  const sampler = setInterval(() => void residentMegabytes(server.pid).then((rss) => (peak = Math.max(peak, rss))), 20);
  const response = await fetch(`${server.url}/api/portal/deals`, {
    method: "POST",
    headers: { cookie, origin: server.url, "content-type": `multipart/form-data; boundary=${boundary}` },
    body: Readable.toWeb(Readable.from(body())) as ReadableStream,
    duplex: "half",
  } as RequestInit);
  clearInterval(sampler);
  report(
    `  ${((part * files) / 1024 / 1024).toFixed(0)} MB upload (status ${response.status}): server RSS ${before.toFixed(0)} MB -> peak ${peak.toFixed(0)} MB, growth ${(peak - before).toFixed(1)} MB (goal <= 64 MB)`,
  );
}

/** Seeds a vendor with `dealCount` deals through the app's own modules, then closes the database. */
async function seed(env: Record<string, string>) {
  const { database, auth } = await composeServer(loadConfig({ ...env, LOG_LEVEL: "error" }), { onWarning: () => {} });
  const [company] = await database.db
    .insert(vendorCompany)
    // Below the codes bench-lists.ts gives its companies (200001 and up).
    .values({ name: "Bench Co", companyCode: String(100000 + Math.floor(Math.random() * 100000)) })
    .returning();
  const email = `bench-${randomUUID().slice(0, 8)}@x.example`;
  const user = await createAccount(auth, {
    email,
    name: "Bench",
    role: authRoles.vendor,
    password: "bench-password",
    emailVerified: true,
    vendorCompanyId: company!.id,
    dealerRole: dealerRoles.admin,
  });
  // A sales rep of the company who owns every third deal: their list reads deal_company_owner_idx.
  const repEmail = `bench-rep-${randomUUID().slice(0, 8)}@x.example`;
  const rep = await createAccount(auth, {
    email: repEmail,
    name: "Bench Rep",
    role: authRoles.vendor,
    password: "bench-password",
    emailVerified: true,
    vendorCompanyId: company!.id,
    dealerRole: dealerRoles.rep,
  });
  const started = performance.now();
  // One statement, so the same cost on both drivers; most deals in other months, as in real life.
  await database.db.execute(sql`
    insert into deal (idempotency_key, vendor_company_id, submitted_by_user_id, owner_user_id, account_number, business_name, owners_name, business_phone, business_email, description, equipment_description, month_submitted, year_in_file, last_update)
    select 'bench-' || g, ${company!.id}, ${user.id}, case when g % 3 = 0 then ${rep.id} else ${user.id} end, 'B' || g, 'BUSINESS ' || g, 'OWNER', '(555) 010-0000', '', 'Loader', 'Loader', g % 12, 2020 + (g % 7), now() - (g || ' seconds')::interval
    from generate_series(1, ${dealCount}) g`);
  await database.db.execute(sql`analyze deal`);
  const seeded = (performance.now() - started) / 1000;
  const plan = (await database.db.execute(
    sql`explain select * from deal where vendor_company_id = ${company!.id} and year_in_file = 2026 and month_submitted = 3 order by last_update desc, id desc limit 51`,
  )) as unknown as { rows: Record<string, string>[] };
  const usesIndex =
    plan.rows
      .map((row) => Object.values(row)[0])
      .join(" ")
      .match(/Index[^(]*/)?.[0]
      ?.trim() ?? "no index";
  await database.close();
  return { email, repEmail, seeded, usesIndex };
}

async function run(driver: "pglite" | "postgres", postgresUrl?: string) {
  report(`\n${driver}:`);
  const dataDir = await mkdtemp(path.join(tmpdir(), "bench-data-"));
  let scratch: string | null = null;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    LOG_LEVEL: "info",
    SEED_DEMO: "false",
    HOST: "127.0.0.1",
    RATE_LIMIT_MAX: "100000000",
    LEAD_RATE_LIMIT_MAX: "100000000",
    API_KEY_RATE_LIMIT_MAX: "100000000",
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret",
  };
  if (driver === "postgres") {
    scratch = `bench_${randomUUID().slice(0, 8)}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create database ${scratch}`);
    await admin.end();
    const target = new URL(postgresUrl!);
    target.pathname = `/${scratch}`;
    env.DATABASE_URL = target.toString();
  }
  try {
    const { email, repEmail, seeded, usesIndex } = await seed(env);
    const target = env.DATABASE_URL
      ? ({ driver: "postgres", url: env.DATABASE_URL } as const)
      : ({ driver: "pglite", dataDir: path.join(dataDir, "pglite") } as const);
    await benchLists(target, driver, report);
    await benchLeadWrite(target, report);
    await bundleServer();
    const server = await startProcess(["--enable-source-maps", "build/server/main.mjs"], env, "is running at");
    try {
      await htmlVsNginx(server);
      const lead = await leadLoad(`${server.url}/api/leads/footer-message`, server.url);
      const list = await dealList(server, email);
      report(
        `  deal list with ${dealCount.toLocaleString("en-US")} deals (seeded in ${seeded.toFixed(1)} s): p95 ${list.p95.toFixed(1)} ms over ${list.count} requests (goal <= 20 ms); plan: ${usesIndex}`,
      );
      const repList = await dealList(server, repEmail);
      report(
        `  deal list of a sales rep owning a third of them: p95 ${repList.p95.toFixed(1)} ms over ${repList.count} requests (goal <= 20 ms)`,
      );
      await uploadMemory(server, list.cookie);
      await createDealThroughput(server.url, list.cookie, seconds, report);
      await server.stop();
      const bare = await startProcess(["--import", "tsx", "scripts/bench/bench-bare-insert.ts"], env, "listening at");
      const baseline = await leadLoad(`${bare.url}/insert`, server.url);
      await bare.stop();
      report(
        `  lead POST : ${lead.requests.average.toFixed(0)} req/s (non-2xx ${lead.non2xx}) vs bare insert ${baseline.requests.average.toFixed(0)} req/s -> ratio ${(lead.requests.average / baseline.requests.average).toFixed(2)} (goal >= 0.6)`,
      );
    } finally {
      await server.stop();
    }
  } finally {
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
console.log(`Benchmarks (${seconds} s each, loopback) on ${new Date().toISOString()}`);
await run("pglite");
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (postgresUrl) await run("postgres", postgresUrl);
await benchPromiseBoards(postgresUrl, report);
report("\nagreement packages (in this process):");
await benchSigningPackage(report);
report("\nthe portal's deal page (in this process):");
await benchDealPage(report);
process.exit(0);
