import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/client.ts";
import { builtServer, freePort } from "../support/server-process.ts";

// Several servers of a new release starting together against one PostgreSQL database: one of them
// migrates, the others wait for it and find nothing to do (docs/deploy.md, Migrations). Real
// server processes (server/main.ts) on a fresh database of the machine's PostgreSQL.
const postgresUrl = process.env.TEST_DATABASE_URL;
if (!postgresUrl)
  console.warn(
    "tests/e2e/concurrent-migrations.test.ts skipped: TEST_DATABASE_URL is not set (these tests need a real PostgreSQL).",
  );

const journal = JSON.parse(readFileSync("drizzle/meta/_journal.json", "utf8")) as { entries: { tag: string }[] };
const tags = journal.entries.map((entry) => entry.tag);

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function urlOf(database: string) {
  const url = new URL(postgresUrl!);
  url.pathname = `/${database}`;
  return url.toString();
}

async function query<Row>(database: string, statement: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: urlOf(database) });
  await client.connect();
  try {
    return (await client.query(statement)).rows as Row[];
  } finally {
    await client.end();
  }
}

type Started = { child: ChildProcess; url: string; output: () => string; exited: Promise<number | null> };
const children: ChildProcess[] = [];
const dataDirs: string[] = [];
const databases: string[] = [];

async function freshDatabase(): Promise<string> {
  const name = `lender_migrate_${randomBytes(5).toString("hex")}`;
  await admin(`create database ${name}`);
  databases.push(name);
  return name;
}

async function startServer(database: string, port: number, env: Record<string, string> = {}): Promise<Started> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "migrate-"));
  dataDirs.push(dataDir);
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...builtServer(), "--api-only"], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: urlOf(database),
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      AUTH_SECRET: "migrate-secret-migrate-secret-migrate-0001",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, url, output: () => output, exited };
}

/** 200 once the server answers /api/health, or the exit code if it stopped first. */
async function healthOrExit(
  server: Started,
  timeoutMs = 90_000,
): Promise<{ health: number } | { exit: number | null; output: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (server.child.exitCode !== null || server.child.signalCode !== null)
      return { exit: server.child.exitCode, output: server.output() };
    try {
      const response = await fetch(`${server.url}/api/health`);
      if (response.ok) return { health: response.status };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) return { exit: null, output: `no answer within ${timeoutMs} ms:\n${server.output()}` };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function stop(server: Started) {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGTERM");
  await server.exited;
}

function runMigrate(database: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/operator/migrate.ts"], {
      env: {
        ...process.env,
        NODE_ENV: "test",
        DATABASE_URL: urlOf(database),
        DATA_DIR: tmpdir(),
        AUTH_SECRET: "migrate-secret-migrate-secret-migrate-0001",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => resolve({ code, output }));
  });
}

/** Columns, indexes, constraints and triggers of the public schema, one line each. */
const catalog = `
  select 'column ' || table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' || coalesce(column_default, '') as line
    from information_schema.columns where table_schema = 'public'
  union all select 'index ' || indexname || ' ' || indexdef from pg_indexes where schemaname = 'public'
  union all select 'constraint ' || conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(c.oid)
    from pg_constraint c join pg_namespace n on n.oid = c.connamespace where n.nspname = 'public'
  union all select 'trigger ' || event_object_table || ' ' || trigger_name || ' ' || event_manipulation
    from information_schema.triggers where trigger_schema = 'public'
  union all select 'function ' || proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'
  order by 1`;

describe.skipIf(!postgresUrl)("one migrator (PostgreSQL)", () => {
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    for (const name of databases) await admin(`drop database if exists ${name} with (force)`).catch(() => undefined);
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  });

  it("three servers started at the same instant on an empty database all come up; each migration is applied once and the schema is complete", async () => {
    const database = await freshDatabase();
    const ports = [await freePort(), await freePort(), await freePort()];
    // Start-up takes seconds and a migration a fraction of one: to meet at the migration whatever
    // their start-up times, the servers are lined up at the migrator's first statement (CREATE
    // SCHEMA IF NOT EXISTS drizzle) behind an uncommitted CREATE SCHEMA of this test's, rolled
    // back once all three wait on a lock. The database stays empty.
    const gate = new pg.Client({ connectionString: urlOf(database) });
    await gate.connect();
    await gate.query("begin");
    await gate.query("create schema drizzle");
    const startedAt = Date.now();
    const servers = await Promise.all(ports.map((port) => startServer(database, port)));
    const waiting = async () =>
      (
        await query<{ n: number }>(
          database,
          `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        )
      )[0]!.n;
    try {
      await expect.poll(waiting, { timeout: 60_000, interval: 100 }).toBe(3);
    } catch (error) {
      throw new Error(
        `the three servers did not all reach the migration:\n${servers.map((server) => server.output()).join("\n----\n")}`,
        { cause: error },
      );
    } finally {
      await gate.query("rollback");
      await gate.end();
    }
    const results = await Promise.all(servers.map((server) => healthOrExit(server)));
    const upAfterMs = Date.now() - startedAt;
    expect(results, results.map((result) => ("output" in result ? result.output : "up")).join("\n----\n")).toEqual([
      { health: 200 },
      { health: 200 },
      { health: 200 },
    ]);
    console.log(`three servers answered /api/health ${upAfterMs} ms after they were started together`);
    // Two of them found the lock taken and waited for the first.
    expect(
      servers.filter((server) => server.output().includes("Another server is migrating the database")),
    ).toHaveLength(2);

    const applied = await query<{ hash: string; times: number }>(
      database,
      `select hash, count(*)::int as times from drizzle.__drizzle_migrations group by hash`,
    );
    expect(applied).toHaveLength(tags.length);
    expect(applied.every((row) => row.times === 1)).toBe(true);

    // The schema equals that of a database migrated by a single migrator.
    const reference = await freshDatabase();
    const handle = await openDatabase({ driver: "postgres", url: urlOf(reference), poolSize: 2 });
    await handle.migrate();
    await handle.close();
    const [migrated, expected] = await Promise.all([
      query<{ line: string }>(database, catalog),
      query<{ line: string }>(reference, catalog),
    ]);
    expect(migrated.length).toBeGreaterThan(100);
    expect(migrated).toEqual(expected);
    // The seeded example partner (0005) is there once.
    expect(await query(database, `select slug from partner`)).toEqual([{ slug: "Apronto_Dental" }]);

    // Still serving after the start: nobody exited later.
    for (const server of servers) expect(server.child.exitCode).toBeNull();
    await Promise.all(servers.map(stop));
  });

  it("npm run migrate migrates alone and says what it did; a server told not to migrate refuses a database that is behind, naming the command", async () => {
    const database = await freshDatabase();

    const refused = await startServer(database, await freePort(), { MIGRATE_ON_START: "false" });
    const refusal = await healthOrExit(refused);
    expect(refusal).toMatchObject({ exit: 1 });
    const message = (refusal as { output: string }).output;
    expect(message).toContain(`${tags.length} pending migrations`);
    expect(message).toContain("npm run migrate");
    expect(message).not.toMatch(/\n\s+at /); // a message, not a stack trace
    expect(await query(database, `select 1 from pg_namespace where nspname = 'drizzle'`)).toEqual([]);

    const first = await runMigrate(database);
    expect(first, first.output).toMatchObject({ code: 0 });
    expect(first.output).toContain(`Applied ${tags.length} migrations`);
    for (const tag of tags) expect(first.output).toContain(tag);
    const again = await runMigrate(database);
    expect(again, again.output).toMatchObject({ code: 0 });
    expect(again.output).toContain(`up to date (${tags.length} migrations applied`);

    const server = await startServer(database, await freePort(), { MIGRATE_ON_START: "false" });
    expect(await healthOrExit(server)).toEqual({ health: 200 });
    await stop(server);
  });
});
