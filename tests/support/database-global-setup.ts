import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../server/db/client.ts";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    postgresTemplate: string | null;
  }
}

/**
 * Migrates once per run: a PGlite snapshot every test file restores (0.5 s instead of a fresh
 * initdb), and with TEST_DB_DRIVER=postgres a template database each file copies.
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), "lender-test-"));
  const snapshot = path.join(dir, "snapshot.tar");
  // The PostgreSQL pass opens no PGlite test database: no snapshot (3 s of its start).
  if (process.env.TEST_DB_DRIVER !== "postgres") {
    const embedded = await openDatabase({ driver: "pglite" });
    await embedded.migrate();
    await writeFile(snapshot, Buffer.from(await (await embedded.pglite!.dumpDataDir("none")).arrayBuffer()));
    await embedded.close();
  }
  project.provide("pgliteSnapshot", snapshot);

  let template: string | null = null;
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB_DRIVER === "postgres") {
    if (!url) throw new Error("TEST_DB_DRIVER=postgres needs TEST_DATABASE_URL");
    template = `lender_tmpl_${randomBytes(4).toString("hex")}`;
    await adminQuery(url, `CREATE DATABASE ${template}`);
    const handle = await openDatabase({ driver: "postgres", url: databaseUrl(url, template) });
    await handle.migrate();
    await handle.close();
  }
  project.provide("postgresTemplate", template);

  return async () => {
    if (template && url) await adminQuery(url, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await rm(dir, { recursive: true, force: true });
  };
}

export function databaseUrl(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
