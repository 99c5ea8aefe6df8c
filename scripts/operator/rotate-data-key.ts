// Operator command: `npm run rotate-data-key [-- --batch-size 500]`
// Re-encrypts every stored SSN, federal tax id and date of birth with DATA_ENCRYPTION_KEY. Set
// the new key in DATA_ENCRYPTION_KEY and the previous one(s) in DATA_ENCRYPTION_OLD_KEYS on every
// server first, then run this once; when it reports nothing unreadable, the old keys can go.
// Uses the same configuration (DATA_DIR / DATABASE_URL) as the server. With the embedded
// database, stop the server first: PGlite allows one process at a time. Safe to run again.
import { parseArgs } from "node:util";
import { composeForCommand } from "./compose-for-command.ts";
import { loadConfigOrExit } from "../../server/config.ts";
import { rotateEncryptedFields } from "../../server/backup/rotate-encrypted-fields.ts";

process.umask(0o077);

const { values } = parseArgs({ options: { "batch-size": { type: "string", default: "500" } } });
const batchSize = Number(values["batch-size"]);
if (!Number.isInteger(batchSize) || batchSize < 1) {
  console.error("--batch-size must be a positive whole number.");
  process.exit(2);
}

const config = loadConfigOrExit();

const { app, database, cipher } = await composeForCommand(config, (message) => console.warn(message));
try {
  console.log(`Re-encrypting with key ${cipher.keyId}, ${batchSize} rows per batch:`);
  const counts = await rotateEncryptedFields(database.db, cipher, { batchSize });
  for (const count of counts) {
    console.log(`  ${count.column.padEnd(40)} re-encrypted ${count.reEncrypted}, unreadable ${count.unreadable}`);
  }
  const unreadable = counts.reduce((sum, count) => sum + count.unreadable, 0);
  if (unreadable > 0) {
    console.error(
      `${unreadable} value(s) could not be decrypted: add the keys they were written with to DATA_ENCRYPTION_OLD_KEYS and run again.`,
    );
    process.exitCode = 1;
  } else {
    console.log(
      "Every encrypted value is under the current key: the old keys can be removed from DATA_ENCRYPTION_OLD_KEYS.",
    );
  }
} finally {
  await app.close();
  await database.close();
}
