// Operator command: `npm run backup [-- --out <file>]`
// Backs up the embedded database (DATA_DIR/pglite) and the stored files (DATA_DIR/files) into one
// archive (.tar.gz, mode 0600), a consistent snapshot. With a server running on DATA_DIR (its pid
// in DATA_DIR/server.pid) the server writes the archive itself on SIGUSR2 (PGlite allows one
// process per data folder) and keeps serving; with none, this command opens the database itself.
// Keys are never in the archive: back them up separately. The manifest (the SHA-256 of every entry)
// is signed with a key derived from the data-encryption key, which `npm run restore` checks.
// Without --out it writes into BACKUP_DIR and keeps the BACKUP_KEEP newest archives there.
// With DATABASE_URL or STORAGE=s3 it refuses: see docs/deploy.md, "Backup and restore".
import { rm, stat } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfigOrExit } from "../../server/config.ts";
import { openDatabase } from "../../server/db/client.ts";
import { readBackupManifest, writeBackupArchive, type BackupManifest } from "../../server/backup/backup-archive.ts";
import {
  backupsDirName,
  moveFile,
  requestBackupFromServer,
  runningServerPid,
} from "../../server/backup/backup-requests.ts";
import { createBackupSigner } from "../../server/backup/backup-signature.ts";
import { keyLocations } from "../../server/backup/data-encryption-keys.ts";
import { backupArchiveName, rotateBackups } from "../../server/backup/rotate-backups.ts";
import { ensurePrivateDirectory } from "../../server/private-directory.ts";
import { configuredOrGeneratedSecret } from "../../server/secrets.ts";

process.umask(0o077);

const { values } = parseArgs({
  options: { out: { type: "string" }, "timeout-seconds": { type: "string", default: "600" } },
});

const config = loadConfigOrExit();
if (config.databaseUrl || config.storage.driver === "s3") {
  console.error(
    `npm run backup backs up the embedded database and local files only; this configuration uses ${[config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : "", config.storage.driver === "s3" ? "S3 (STORAGE=s3)" : ""].filter(Boolean).join(" and ")}.\n` +
      'Back those up with pg_dump / your provider\'s snapshots and S3 versioning or replication: see docs/deploy.md, "Backup and restore".',
  );
  process.exit(1);
}

if (!values.out) await ensurePrivateDirectory(config.backups.dir);
const out = path.resolve(values.out ?? path.join(config.backups.dir, backupArchiveName(new Date())));
if (
  await stat(out).then(
    () => true,
    () => false,
  )
) {
  console.error(`${out} exists already; choose another --out.`);
  process.exit(1);
}
const pgliteDir = path.join(config.dataDir, "pglite");
if (
  !(await stat(path.join(pgliteDir, "PG_VERSION")).then(
    () => true,
    () => false,
  ))
) {
  console.error(`No embedded database in ${pgliteDir}: nothing to back up (is DATA_DIR right?).`);
  process.exit(1);
}

const started = Date.now();
let manifest: BackupManifest;
try {
  const pid = await runningServerPid(config.dataDir);
  if (pid !== undefined) {
    console.log(`The server (process ${pid}) has ${config.dataDir} open: asking it for a snapshot.`);
    const written = await requestBackupFromServer(config.dataDir, pid, {
      timeoutMs: Number(values["timeout-seconds"]) * 1000,
      onWaiting: () => console.log("Still writing..."),
    });
    await moveFile(written, out);
    manifest = await readBackupManifest(out);
  } else {
    // No server: open the database here (do not start one until this is done).
    console.log(`No server is running on ${config.dataDir}: opening the database directly.`);
    // As the server would on its first start (never in production, where the variable is required).
    const dataKey = await configuredOrGeneratedSecret(
      config.dataEncryptionKey,
      config.dataDir,
      "data-encryption-key",
      (file) => console.warn(`Generated the data-encryption key in ${file}: it signs this backup. Back it up.`),
    );
    const database = await openDatabase({ driver: "pglite", dataDir: pgliteDir });
    try {
      manifest = await writeBackupArchive({
        pglite: database.pglite!,
        filesRoot: path.join(config.dataDir, "files"),
        workDir: path.join(config.dataDir, backupsDirName),
        out,
        takenBy: "offline",
        signer: createBackupSigner(dataKey),
      });
    } finally {
      await database.close();
    }
  }
} catch (error) {
  await rm(`${out}.partial`, { force: true });
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exit(1);
}

// Rotation: only BACKUP_DIR, and only the archives this command names there.
const rotated =
  path.dirname(out) === config.backups.dir ? await rotateBackups(config.backups.dir, config.backups.keep) : [];

const rows = Object.values(manifest.database.rows).reduce((sum, n) => sum + n, 0);
const size = (await stat(out)).size;
const keys = keyLocations(config);
console.log(
  [
    `Backup written to ${out} (${formatBytes(size)}, ${Date.now() - started} ms, mode 0600):`,
    `  database: ${Object.keys(manifest.database.rows).length} tables, ${rows} rows (${manifest.migrations.length} migrations applied)`,
    `  files:    ${manifest.files.count} (${formatBytes(manifest.files.bytes)})`,
    `  signed with the key derived from data-encryption key ${manifest.dataEncryptionKeyId}; SHA-256 of every entry in the manifest`,
    ...(rotated.length
      ? [`  removed ${rotated.length} older archive(s) of ${config.backups.dir} (BACKUP_KEEP=${config.backups.keep})`]
      : []),
    "",
    "The keys are NOT in the archive, on purpose. Back them up separately and keep them apart from it:",
    `  data-encryption key (id ${manifest.dataEncryptionKeyId ?? "none"}): ${keys.dataEncryptionKey}`,
    `  session-signing secret:            ${keys.authSecret}`,
    `  lender's signing certificate:      ${keys.signingCertificate}`,
    "Without the data-encryption key the SSNs, tax ids and dates of birth in this backup cannot be read, and it cannot be restored.",
    `Restore with: npm run restore -- ${out}   (into an empty DATA_DIR)`,
  ].join("\n"),
);

function formatBytes(bytes: number) {
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
