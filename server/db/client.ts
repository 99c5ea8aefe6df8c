import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { closeTreeToOthers, ensurePrivateDirectory } from "../private-directory.ts";
import * as schema from "./schema.ts";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Either the database or an open transaction: what a write helper runs on. */
export type DbExecutor = Database | Transaction;

export type DatabaseTarget =
  | { driver: "pglite"; dataDir?: string; loadDataDir?: Blob | File }
  | { driver: "postgres"; url: string; poolSize?: number };

export type DatabaseHandle = {
  db: Database;
  driver: DatabaseTarget["driver"];
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** The embedded database itself, for snapshots in tests; undefined on PostgreSQL. */
  pglite?: PGlite;
};

export const migrationsFolder = path.join(import.meta.dirname, "../../drizzle");

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.driver === "postgres") {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
    // An idle client dying (server restart) must not crash the process; the pool reconnects.
    pool.on("error", () => {});
    const db = drizzleNodePg(pool, { schema }) as unknown as Database;
    return {
      db,
      driver: "postgres",
      migrate: () => migrateNodePg(drizzleNodePg(pool), { migrationsFolder }),
      ping: () => ping(db),
      close: () => pool.end(),
    };
  }
  if (target.dataDir) await ensurePrivateDirectory(target.dataDir);
  const client = new PGlite({ dataDir: target.dataDir, loadDataDir: target.loadDataDir });
  await client.waitReady;
  // PGlite writes its initial files 0666 whatever the umask; the folder is closed, and so are they.
  if (target.dataDir) await closeTreeToOthers(target.dataDir);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    driver: "pglite",
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    ping: () => ping(db),
    close: () => client.close(),
    pglite: client,
  };
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
