// Operator command: `npm run restore -- [--unsigned] <archive>`
// Restores an archive of `npm run backup` into an empty DATA_DIR (no pglite/ and no files/ there;
// a keys/ folder may be, and must hold the data-encryption key unless DATA_ENCRYPTION_KEY is set),
// with the server's private modes (folders 0700, files 0600). Before anything is written there it
// checks the manifest's signature (a key derived from the data-encryption key) and every entry's
// SHA-256, and refuses links, devices and odd names. --unsigned accepts an archive written before
// backups were signed, unchecked. Start the server afterwards; it applies the migrations of a
// newer release as usual. With DATABASE_URL or STORAGE=s3 it refuses: see docs/deploy.md.
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfigOrExit } from "../../server/config.ts";
import { runningServerPid } from "../../server/backup/backup-requests.ts";
import { configuredDataKeys, configuredKeyIds, keyLocations } from "../../server/backup/data-encryption-keys.ts";
import { restoreBackupArchive, RestoreRefused } from "../../server/backup/restore-archive.ts";

process.umask(0o077);

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { unsigned: { type: "boolean", default: false } },
});
if (positionals.length !== 1) {
  console.error(
    "Usage: npm run restore -- [--unsigned] <archive.tar.gz>   (restores into DATA_DIR, which must be empty; --unsigned: an archive of a release before signed backups)",
  );
  process.exit(2);
}
const archive = path.resolve(positionals[0]!);

const config = loadConfigOrExit();
if (config.databaseUrl || config.storage.driver === "s3") {
  console.error(
    `npm run restore restores the embedded database and local files only; this configuration uses ${[config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : "", config.storage.driver === "s3" ? "S3 (STORAGE=s3)" : ""].filter(Boolean).join(" and ")}.\n` +
      'Restore those with pg_restore / your provider\'s snapshots and S3 versions: see docs/deploy.md, "Backup and restore".',
  );
  process.exit(1);
}
const pid = await runningServerPid(config.dataDir).catch(() => undefined);
if (pid !== undefined) {
  console.error(
    `A server (process ${pid}) is running on ${config.dataDir}. Stop it, and restore into an empty DATA_DIR.`,
  );
  process.exit(1);
}

let manifest;
try {
  console.log(`Restoring ${archive} into ${config.dataDir}`);
  const dataKeys = await configuredDataKeys(config);
  manifest = await restoreBackupArchive(archive, config.dataDir, {
    dataEncryptionKeys: [...(dataKeys.current ? [dataKeys.current] : []), ...dataKeys.old],
    allowUnsigned: values.unsigned,
    log: (line) => console.log(`  ${line}`),
  });
} catch (error) {
  console.error(
    error instanceof RestoreRefused
      ? error.message
      : `Restore failed, nothing was restored: ${(error as Error).message}`,
  );
  process.exit(1);
}

const keys = keyLocations(config);
const configured = await configuredKeyIds(config);
const usable = new Set([configured.current, ...configured.old].filter(Boolean));
const needed = [
  ...new Set(
    [manifest.dataEncryptionKeyId, ...manifest.encryptedValueKeyIds].filter((id): id is string => Boolean(id)),
  ),
];
const missing = needed.filter((id) => !usable.has(id));
const lines = ["", "Keys (never in a backup; restore them from where you keep them apart):"];
lines.push(
  `  data-encryption key, id ${manifest.dataEncryptionKeyId ?? "(none recorded)"}: set DATA_ENCRYPTION_KEY, or put it in ${path.join(keys.keysDir, "data-encryption-key")} (mode 0600, folder 0700)`,
  `  session-signing secret: set AUTH_SECRET, or put it in ${path.join(keys.keysDir, "auth-secret")} (another one only signs everybody out)`,
  `  lender's signing certificate: set SIGNING_CERTIFICATE_P12 and SIGNING_CERTIFICATE_PASSPHRASE, or put its files in ${keys.keysDir} (another one seals only new files; sealed ones stay valid)`,
);
if (configured.current === null) {
  lines.push(
    "",
    `WARNING: no data-encryption key is configured yet. Put it in place BEFORE starting the server: outside production the server would generate a new one, and the stored SSNs, tax ids and dates of birth (${needed.length ? `key id ${needed.join(", ")}` : "none in this backup"}) could not be read.`,
  );
} else if (missing.length) {
  lines.push(
    "",
    `WARNING: the configured key (id ${configured.current}${configured.old.length ? `, old keys ${configured.old.join(", ")}` : ""}) is not the one this backup's values were encrypted with (id ${missing.join(", ")}). Configure the right key (or add it to DATA_ENCRYPTION_OLD_KEYS) before starting the server.`,
  );
  process.exitCode = 3;
} else {
  lines.push(
    "",
    `The configured data-encryption key (id ${configured.current}) reads every encrypted value of this backup.`,
  );
}
lines.push(
  "",
  "Then start the server (npm start). Files stored after the backup's database dump, if any, are removed by the daily orphan sweep.",
);
console.log(lines.join("\n"));
