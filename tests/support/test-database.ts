import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { SQL } from "drizzle-orm";
import { inject } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../server/db/client.ts";
import { adminQuery, databaseUrl } from "./database-global-setup.ts";

export const testDriver = process.env.TEST_DB_DRIVER === "postgres" ? "postgres" : "pglite";

/**
 * A migrated, empty database of its own for one test file: PGlite restored from the run's
 * snapshot, or (TEST_DB_DRIVER=postgres) a PostgreSQL database copied from the run's template.
 * close() also drops the PostgreSQL copy.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const template = inject("postgresTemplate");
  if (testDriver === "postgres" && template) {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `lender_test_${randomBytes(6).toString("hex")}`;
    await adminQuery(url, `CREATE DATABASE ${name} TEMPLATE ${template}`);
    const handle = await openDatabase({ driver: "postgres", url: databaseUrl(url, name), poolSize: 5 });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    };
  }
  const snapshot = await readFile(inject("pgliteSnapshot"));
  return openDatabase({ driver: "pglite", loadDataDir: new Blob([snapshot]) });
}

/** Rows of a raw SQL query, whichever driver runs it. */
export async function queryRows<Row>(db: DatabaseHandle["db"], query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}
