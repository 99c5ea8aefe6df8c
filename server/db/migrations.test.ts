import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { adminQuery, databaseUrl } from "../../tests/support/database-global-setup.ts";
import { composeServer } from "../compose-server.ts";
import { loadConfig } from "../config.ts";
import { MIGRATION_LOCK_KEY, migrationTags, openDatabase, PendingMigrationsError } from "./client.ts";

const tags = migrationTags();

describe("migrations on the embedded database", () => {
  it("applies what is pending, says which, and applies nothing the second time", async () => {
    const database = await openDatabase({ driver: "pglite" });
    try {
      expect(tags.length).toBeGreaterThan(10);
      expect(await database.pendingMigrations()).toEqual(tags);
      expect(await database.migrate()).toEqual(tags);
      expect(await database.pendingMigrations()).toEqual([]);
      expect(await database.migrate()).toEqual([]);
    } finally {
      await database.close();
    }
  });
});

describe("MIGRATE_ON_START=false", () => {
  it("refuses to start on a database behind this release, naming the pending migrations and npm run migrate", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "no-migrate-"));
    try {
      const config = loadConfig({
        NODE_ENV: "test",
        DATA_DIR: dataDir,
        MIGRATE_ON_START: "false",
        AUTH_SECRET: "migrate-secret-migrate-secret-migrate-0001",
      });
      const refusal = await composeServer(config, { onWarning: () => {} }).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refusal).toBeInstanceOf(PendingMigrationsError);
      expect((refusal as PendingMigrationsError).pending).toEqual(tags);
      expect((refusal as Error).message).toContain(`${tags.length} pending migrations (${tags[0]}, `);
      expect((refusal as Error).message).toContain("npm run migrate");
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

const postgresUrl = process.env.TEST_DATABASE_URL;
if (!postgresUrl)
  console.warn(
    "server/db/migrations.test.ts: the PostgreSQL migration-lock tests are skipped because TEST_DATABASE_URL is not set.",
  );

describe.skipIf(!postgresUrl)("migrations on PostgreSQL, under the migration lock", () => {
  const created: string[] = [];
  const fresh = async () => {
    const name = `lender_migrations_${randomBytes(5).toString("hex")}`;
    await adminQuery(postgresUrl!, `create database ${name}`);
    created.push(name);
    return databaseUrl(postgresUrl!, name);
  };
  afterAll(async () => {
    for (const name of created) await adminQuery(postgresUrl!, `drop database if exists ${name} with (force)`);
  });

  it("three handles migrating one empty database at once: one applies everything, the others wait and apply nothing", async () => {
    const url = await fresh();
    const handles = await Promise.all([0, 1, 2].map(() => openDatabase({ driver: "postgres", url, poolSize: 2 })));
    try {
      const waited: string[] = [];
      const applied = await Promise.all(
        handles.map((handle) => handle.migrate({ onWait: (message) => waited.push(message) })),
      );
      expect(applied.map((list) => list.length).sort((a, b) => a - b)).toEqual([0, 0, tags.length]);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query<{ n: number; distinct_hashes: number }>(
        "select count(*)::int as n, count(distinct hash)::int as distinct_hashes from drizzle.__drizzle_migrations",
      );
      // Released afterwards: nobody holds this database's lock (pg_locks is the whole server's: other suites
      // migrate their own databases meanwhile).
      const locks = await client.query(
        "select 1 from pg_locks where locktype = 'advisory' and objid = $1 and database = (select oid from pg_database where datname = current_database())",
        [MIGRATION_LOCK_KEY],
      );
      await client.end();
      expect(rows[0]).toEqual({ n: tags.length, distinct_hashes: tags.length });
      expect(locks.rows).toEqual([]);
      expect(await handles[0]!.pendingMigrations()).toEqual([]);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
    }
  });

  it("waits while another session holds the lock, saying so, and migrates once it is released", async () => {
    const url = await fresh();
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    const database = await openDatabase({ driver: "postgres", url, poolSize: 2 });
    try {
      const waited: string[] = [];
      const migrating = database.migrate({ onWait: (message) => waited.push(message) });
      await expect.poll(() => waited, { timeout: 10_000 }).toHaveLength(1);
      expect(waited[0]).toContain(`advisory lock ${MIGRATION_LOCK_KEY}`);
      expect(await database.pendingMigrations()).toEqual(tags);
      await holder.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
      expect(await migrating).toEqual(tags);
    } finally {
      await holder.end();
      await database.close();
    }
  });
});
