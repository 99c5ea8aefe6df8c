// Operator command: `npm run backfill-match-keys`
// Once, after upgrading to the release with duplicate detection (docs/product-rules.md#r32-duplicates-within-90-days):
// gives the deals,
// credit applications and calculator leads of the last 90 days their match keys (keyed hashes of
// tax id, e-mail and phone) and links the ones that match. Uses the same configuration
// (DATA_DIR / DATABASE_URL, LOOKUP_HASH_KEY) as the server; with the embedded database, stop the
// server first. Safe to run again: records that have keys are skipped.
import { composeForCommand } from "./compose-for-command.ts";
import { loadConfigOrExit } from "../../server/config.ts";
import { backfillMatchKeys } from "../../server/leads/backfill-match-keys.ts";

process.umask(0o077);

const config = loadConfigOrExit();

const { app, database, cipher } = await composeForCommand(config, (message) => console.warn(message));
try {
  const { records, links } = await backfillMatchKeys(database.db, cipher);
  console.log(
    `Match keys recorded for ${records} record(s) of the last 90 days; ${links} duplicate link(s) made for staff to review.`,
  );
} finally {
  await app.close();
  await database.close();
}
