// Release step: `npm run migrate`
// Applies the pending migrations of drizzle/ and prints what it did, with the same configuration
// (DATA_DIR / DATABASE_URL) as the server. On PostgreSQL it takes the same advisory lock as a
// starting server, so it can run while servers start; with the embedded database stop the server
// first (PGlite allows one process at a time). Running it again applies nothing. Servers started
// with MIGRATE_ON_START=false leave migrating to this command (docs/deploy.md, Migrations).
import { databaseTarget, loadConfigOrExit } from "../../server/config.ts";
import { migrationTags, openDatabase } from "../../server/db/client.ts";

process.umask(0o077);

const config = loadConfigOrExit();

const target = databaseTarget(config);
const where =
  target.driver === "postgres" ? `PostgreSQL ${describeUrl(target.url)}` : `the embedded database in ${target.dataDir}`;
console.log(`Migrating ${where}`);
const database = await openDatabase(target);
try {
  const started = Date.now();
  const applied = await database.migrate({ onWait: (message) => console.log(message) });
  const pending = await database.pendingMigrations();
  if (pending.length) throw new Error(`still pending after migrating: ${pending.join(", ")}`);
  if (applied.length) {
    console.log(`Applied ${applied.length} migration${applied.length === 1 ? "" : "s"} in ${Date.now() - started} ms:`);
    for (const tag of applied) console.log(`  ${tag}`);
  } else {
    console.log(`The database is up to date (${migrationTags().length} migrations applied, none pending).`);
  }
} catch (error) {
  console.error("Migration failed (the pending migrations run in one transaction: none was applied):", error);
  process.exitCode = 1;
} finally {
  await database.close();
}

/** Host, port and database name; never the password. */
function describeUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || "5432"}${parsed.pathname}`;
}
