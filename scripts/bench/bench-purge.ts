// The retention purge (docs/product-rules.md#r33-retention) at scale. Seeds BENCH_LEADS leads (default 1,000,000, over
// the six
// kinds, each with its lead index row), BENCH_DEALS deals (300,000) and as many duplicate match
// keys as leads, their times spread evenly over the last 1,000 days, then times a first purge (the
// backlog: about a quarter is past the retention) and the next day's (the daily run), and prints
// the plan of each rule's search for a day's expired rows.
//
//   node --import tsx scripts/bench/bench-purge.ts                   (PGlite in a scratch folder)
//   BENCH_DATABASE_URL=postgres://... node --import tsx scripts/bench/bench-purge.ts postgres
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { retentionCutoffs } from "../../domain/retention/retention-cutoffs.ts";
import { openDatabase, type Database, type DatabaseTarget } from "../../server/db/client.ts";
import { purgeExpiredData } from "../../server/retention/purge-expired-data.ts";
import { reindexAllLeads } from "../../server/response-times/lead-index.ts";
import { createLocalFileStorage } from "../../server/shared/storage/local-file-storage.ts";
import { fill, withoutGinIndexes } from "./bench-lists.ts";

const leadCount = Number(process.env.BENCH_LEADS ?? 1_000_000);
const dealCount = Number(process.env.BENCH_DEALS ?? 300_000);
const spanSeconds = 1000 * 24 * 3600;
const leadTables = [
  "questionnaire_answer",
  "picked_option",
  "credit_application",
  "calculator_lead",
  "vendor_contact",
  "footer_message",
];
const retention = { retentionDays: 730, deliveredMailDays: 30 };

async function seed(db: Database) {
  const perKind = Math.ceil(leadCount / leadTables.length);
  const at = (count: number) => `now() - (g * ${Math.floor(spanSeconds / count)} * interval '1 second')`;
  for (const table of leadTables) {
    await fill(
      db,
      table,
      perKind,
      table === "picked_option"
        ? { answer_id: "(select id from questionnaire_answer order by created_at desc limit 1)" }
        : {},
      at(perKind),
    );
  }
  await withoutGinIndexes(db, "lead_status", async () => void (await db.execute(reindexAllLeads)));
  await db.execute(
    sql`insert into vendor_company (name, company_code) values ('Bench Purge Co', '777777') on conflict do nothing`,
  );
  await withoutGinIndexes(db, "deal", () =>
    fill(
      db,
      "deal",
      dealCount,
      {
        vendor_company_id: "(select id from vendor_company where company_code = '777777')",
        account_number: "'VP' || (1000000 + g)",
        last_update: at(dealCount),
      },
      at(dealCount),
    ),
  );
  await db.execute(
    sql.raw(
      `insert into duplicate_match_key (record_type, record_id, kind, key_hash, created_at) select 'calculator', gen_random_uuid(), 'phone', md5(g::text), ${at(leadCount)} from generate_series(1, ${leadCount}) g`,
    ),
  );
  await db.execute(sql`analyze`);
}

async function timed<T>(label: string, run: () => Promise<T>, report: (line: string) => void): Promise<T> {
  const started = performance.now();
  const result = await run();
  report(`  ${label}: ${((performance.now() - started) / 1000).toFixed(2)} s`);
  return result;
}

export async function benchPurge(target: DatabaseTarget, report: (line: string) => void) {
  const database = await openDatabase(target);
  const root = await mkdtemp(path.join(tmpdir(), "bench-purge-files-"));
  try {
    await database.migrate();
    await timed(
      `seed ${leadCount} leads, ${dealCount} deals, ${leadCount} match keys`,
      () => seed(database.db),
      report,
    );
    const storage = createLocalFileStorage(root);
    const first = await timed(
      "first purge (the backlog)",
      () => purgeExpiredData(database.db, storage, retention),
      report,
    );
    report(`    ${JSON.stringify(first)}`);
    const tomorrow = new Date(Date.now() + 24 * 3600 * 1000);
    const daily = await timed(
      "next day's purge",
      () => purgeExpiredData(database.db, storage, retention, { now: tomorrow }),
      report,
    );
    report(`    ${JSON.stringify(daily)}`);
    const cutoffs = retentionCutoffs(tomorrow, retention);
    const someIds = sql.join(
      (
        (await database.db.execute(sql`select id from footer_message limit 3`)) as unknown as { rows: { id: string }[] }
      ).rows.map((row) => sql`${row.id}`),
      sql`, `,
    );
    // The searches as purge-expired-data.ts writes them.
    const searches = {
      footer_message: sql`select id from footer_message where created_at < ${cutoffs.activity.toISOString()} order by created_at limit 2000`,
      deal: sql`select id from deal where last_update < ${cutoffs.application.toISOString()} and (declined_notice_sent_on is null or declined_notice_sent_on < ${cutoffs.applicationDay}) order by last_update limit 2000`,
      lead_status: sql`delete from lead_status where lead_type = 'footer-message' and lead_id in (${someIds})`,
      duplicate_match_key: sql`select ctid from duplicate_match_key where created_at < ${cutoffs.matchKeys.toISOString()} order by created_at limit 2000`,
      vendor_quote: sql`select ctid from vendor_quote where greatest(created_at, sent_at, opened_at, applied_at, withdrawn_at) < ${cutoffs.activity.toISOString()} order by greatest(created_at, sent_at, opened_at, applied_at, withdrawn_at) limit 2000`,
    };
    for (const [name, query] of Object.entries(searches)) {
      const plan = (
        (await database.db.execute(sql`explain (costs off) ${query}`)) as unknown as { rows: Record<string, string>[] }
      ).rows
        .map((row) => Object.values(row)[0])
        .join("\n      ");
      report(`  ${name}:\n      ${plan}`);
    }
  } finally {
    await database.close();
    await rm(root, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith("bench-purge.ts")) {
  const report = (line: string) => console.log(line);
  if (process.argv[2] === "postgres") {
    const url = process.env.BENCH_DATABASE_URL;
    if (!url) throw new Error("Set BENCH_DATABASE_URL (a database of its own: the bench fills it).");
    report(`Purge benchmark on PostgreSQL, ${new Date().toISOString()}`);
    await benchPurge({ driver: "postgres", url }, report);
  } else {
    const dataDir = await mkdtemp(path.join(tmpdir(), "bench-purge-"));
    report(`Purge benchmark on PGlite, ${new Date().toISOString()}`);
    try {
      await benchPurge({ driver: "pglite", dataDir }, report);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
}
