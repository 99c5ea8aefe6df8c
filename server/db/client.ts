import { readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql, type SQL } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { closeTreeToOthers, ensurePrivateDirectory } from "../private-directory.ts";
import * as schema from "./schema.ts";
import { wakeWorkersAfterCommit } from "./wake-after-commit.ts";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Either the database or an open transaction: what a write helper runs on. */
export type DbExecutor = Database | Transaction;

export type DatabaseTarget =
  | { driver: "pglite"; dataDir?: string; loadDataDir?: Blob | File }
  | { driver: "postgres"; url: string; poolSize?: number; /** A read replica (DATABASE_READ_URL). */ readUrl?: string };

export type DatabaseHandle = {
  db: Database;
  /**
   * For reads that may lag the primary by a moment (the vendor list, the dashboards): the replica
   * when DATABASE_READ_URL is set, otherwise `db`. Writes and reads of one's own writes use `db`.
   */
  readDb: Database;
  driver: DatabaseTarget["driver"];
  /**
   * Applies the pending migrations of drizzle/ and returns their tags (none: the database was up
   * to date). On PostgreSQL under the migration lock, so servers starting together migrate once.
   */
  migrate(options?: { onWait?: (message: string) => void }): Promise<string[]>;
  /** Tags of the migrations in drizzle/ not applied to this database yet, oldest first. */
  pendingMigrations(): Promise<string[]>;
  ping(): Promise<boolean>;
  /** Connection counts of the pg pools (the metrics); undefined on PGlite, which has no pool. */
  poolStats?(): { primary: PoolStats; replica?: PoolStats };
  close(): Promise<void>;
  /** The embedded database itself, for snapshots in tests; undefined on PostgreSQL. */
  pglite?: PGlite;
};

export type PoolStats = { total: number; idle: number; waiting: number };

export const migrationsFolder = path.join(import.meta.dirname, "../../drizzle");

/**
 * Key of the PostgreSQL advisory lock a migration holds (session-level, on one connection, from
 * before it reads what is applied until it is done): a server that finds it taken waits, then
 * finds nothing left to do. Documented in docs/deploy.md (Migrations).
 */
export const MIGRATION_LOCK_KEY = 1_701_080_001;

/** A server told not to migrate (MIGRATE_ON_START=false) found the database behind this release. */
export class PendingMigrationsError extends Error {
  constructor(readonly pending: string[]) {
    const count = `${pending.length} pending migration${pending.length === 1 ? "" : "s"}`;
    super(
      `The database is behind this release: ${count} (${pending.join(", ")}). ` +
        "Run `npm run migrate` with the same DATABASE_URL (or DATA_DIR) first, or start with MIGRATE_ON_START=true.",
    );
  }
}

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.driver === "postgres") {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
    // An idle client dying (server restart) must not crash the process; the pool reconnects.
    pool.on("error", () => {});
    const db = drizzleNodePg(pool, { schema }) as unknown as Database;
    wakeWorkersAfterCommit(db);
    const readPool = target.readUrl
      ? new pg.Pool({ connectionString: target.readUrl, max: target.poolSize ?? 10 })
      : null;
    readPool?.on("error", () => {});
    return {
      db,
      readDb: readPool ? (drizzleNodePg(readPool, { schema }) as unknown as Database) : db,
      driver: "postgres",
      migrate: (options) => migratePostgresLocked(pool, options?.onWait),
      pendingMigrations: () => pendingMigrations(db),
      ping: () => ping(db),
      poolStats: () => ({ primary: poolStats(pool), ...(readPool ? { replica: poolStats(readPool) } : {}) }),
      close: async () => {
        await Promise.all([pool.end(), readPool?.end()]);
      },
    };
  }
  if (target.dataDir) await ensurePrivateDirectory(target.dataDir);
  const client = new PGlite({ dataDir: target.dataDir, loadDataDir: target.loadDataDir, extensions: { pg_trgm } });
  await client.waitReady;
  // PGlite writes its initial files 0666 whatever the umask; the folder is closed, and so are they.
  if (target.dataDir) await closeTreeToOthers(target.dataDir);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  wakeWorkersAfterCommit(db);
  return {
    db,
    readDb: db,
    driver: "pglite",
    // One process per PGlite data folder: nobody to race, no lock.
    migrate: async () => {
      const pending = await pendingMigrations(db);
      await migratePglite(drizzlePglite(client), { migrationsFolder });
      return pending;
    },
    pendingMigrations: () => pendingMigrations(db),
    ping: () => ping(db),
    close: () => client.close(),
    pglite: client,
  };
}

/**
 * Takes the migration lock on a connection of its own (waiting while another server holds it),
 * then migrates on that connection and unlocks. A failure closes the connection, which releases
 * the lock too.
 */
async function migratePostgresLocked(pool: pg.Pool, onWait?: (message: string) => void): Promise<string[]> {
  const connection = await pool.connect();
  let failed = false;
  try {
    const { rows } = await connection.query<{ locked: boolean }>("select pg_try_advisory_lock($1) as locked", [
      MIGRATION_LOCK_KEY,
    ]);
    if (!rows[0]!.locked) {
      onWait?.(
        `Another server is migrating the database (advisory lock ${MIGRATION_LOCK_KEY}); waiting for it to finish.`,
      );
      await connection.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    }
    const migrator = drizzleNodePg(connection);
    // Read under the lock: what this call is about to apply, and nobody else will.
    const pending = await pendingMigrations(migrator as unknown as Database);
    await migrateNodePg(migrator, { migrationsFolder });
    await connection.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    return pending;
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    connection.release(failed);
  }
}

type JournalEntry = { tag: string; when: number };
let journalEntries: JournalEntry[] | undefined;

/** The release's migrations, read once: readiness probes ask for them every few seconds. */
function journal(): JournalEntry[] {
  journalEntries ??= (
    JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as { entries: JournalEntry[] }
  ).entries;
  return journalEntries;
}

/** Every migration of this release (drizzle/meta/_journal.json), oldest first. */
export function migrationTags(): string[] {
  return journal().map((entry) => entry.tag);
}

/** Drizzle's own rule: a migration is applied when the newest recorded one is not older. */
async function pendingMigrations(db: Database): Promise<string[]> {
  const rows = async <Row>(query: SQL) => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
  const [table] = await rows<{ present: boolean }>(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  const [newest] = table!.present
    ? await rows<{ at: string | number | null }>(sql`select max(created_at) as at from drizzle.__drizzle_migrations`)
    : [];
  const appliedUpTo = newest?.at == null ? -Infinity : Number(newest.at);
  return journal()
    .filter((entry) => entry.when > appliedUpTo)
    .map((entry) => entry.tag);
}

function poolStats(pool: pg.Pool): PoolStats {
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
