import { lstat, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import * as tar from "tar";
import { migrationTags, openDatabase } from "../db/client.ts";
import { closeTreeToOthers, ensurePrivateDirectory } from "../private-directory.ts";
import { fileSha256, parseManifest, type BackupManifest } from "./backup-archive.ts";
import { signatureMatches, signerFor } from "./backup-signature.ts";

export class RestoreRefused extends Error {}

/** The only names a backup has: its three top-level entries, and stored files under files/ by their storage key. */
const archivePath = /^(manifest\.json|manifest\.sig|database\.tar|files(\/[a-zA-Z0-9][a-zA-Z0-9_.-]*)*)\/?$/;

export type RestoreOptions = {
  /** The configured data-encryption keys (base64, current and old): one of them signed the archive. */
  dataEncryptionKeys: string[];
  /** Accept an archive of format 1 (written before backups were signed), unchecked: `npm run restore -- --unsigned`. */
  allowUnsigned?: boolean;
  log?: (line: string) => void;
};

/**
 * Restores an archive of `writeBackupArchive` into DATA_DIR, which must hold no database and no
 * files (keys may already be there). Extracts only plain files and folders with a backup's names
 * into a private staging folder (any other entry, such as a link into DATA_DIR/keys, refuses the
 * archive), checks the manifest's signature and every file's SHA-256 against it, and only then
 * loads the database dump into DATA_DIR/pglite with PGlite, compares its row counts with the
 * manifest, and moves the files into DATA_DIR/files. On a failure nothing is left behind.
 */
export async function restoreBackupArchive(archive: string, dataDir: string, options: RestoreOptions) {
  const log = options.log ?? (() => {});
  const pgliteDir = path.join(dataDir, "pglite");
  const filesRoot = path.join(dataDir, "files");
  const present = [];
  for (const name of ["pglite", "files"]) {
    if (
      await stat(path.join(dataDir, name)).then(
        () => true,
        () => false,
      )
    )
      present.push(`${name}/`);
  }
  if (present.length) {
    throw new RestoreRefused(
      `${dataDir} is not empty: it already has ${present.join(" and ")}. Restore into an empty DATA_DIR (the keys/ folder may be there), or move those aside first.`,
    );
  }
  if (
    !(await stat(archive).then(
      (entry) => entry.isFile(),
      () => false,
    ))
  )
    throw new RestoreRefused(`No archive at ${archive}.`);

  await ensurePrivateDirectory(dataDir);
  const staging = path.join(dataDir, `.restoring-${process.pid}`);
  await rm(staging, { recursive: true, force: true });
  await ensurePrivateDirectory(staging);
  let created: string[] = [];
  try {
    // Links, devices and odd names are never written, and refuse the archive once it is read.
    const refused: string[] = [];
    await tar.extract({
      file: archive,
      cwd: staging,
      strict: true,
      filter: (entryPath, entry) => {
        const type =
          "type" in entry ? entry.type : entry.isDirectory() ? "Directory" : entry.isFile() ? "File" : "other";
        const taken = archivePath.test(entryPath) && (type === "File" || type === "Directory");
        if (!taken) refused.push(`${JSON.stringify(entryPath)} (${type})`);
        return taken;
      },
    });
    if (refused.length) {
      throw new RestoreRefused(
        `${archive} has entries a backup never has: ${refused.slice(0, 5).join(", ")}${refused.length > 5 ? ` and ${refused.length - 5} more` : ""}. A backup holds plain files and folders only; nothing was restored.`,
      );
    }
    const manifestText = await readFile(path.join(staging, "manifest.json"), "utf8").catch(() => {
      throw new RestoreRefused(`${archive} is not a backup of this application: it has no manifest.json.`);
    });
    let manifest: BackupManifest;
    try {
      manifest = parseManifest(manifestText, archive);
    } catch (error) {
      throw new RestoreRefused((error as Error).message, { cause: error });
    }
    await verifyArchive(archive, staging, manifestText, manifest, options);
    const known = new Set(migrationTags());
    const unknown = manifest.migrations.filter((tag) => !known.has(tag));
    if (unknown.length) {
      throw new RestoreRefused(
        `The backup was taken by a newer release (${manifest.appVersion}): its database has migrations this release does not know (${unknown.join(", ")}). Restore it with that release.`,
      );
    }
    const pending = migrationTags().filter((tag) => !manifest.migrations.includes(tag));
    log(
      `Backup of ${manifest.createdAt} (release ${manifest.appVersion}, taken by the ${manifest.takenBy === "server" ? "running server" : "backup command"}).`,
    );

    const dump = await readFile(path.join(staging, "database.tar"));
    if (dump.length !== manifest.database.bytes)
      throw new Error(
        `The database dump is ${dump.length} bytes; the manifest says ${manifest.database.bytes}. The archive is damaged.`,
      );
    // From here on the target is written.
    created = [pgliteDir];
    const database = await openDatabase({ driver: "pglite", dataDir: pgliteDir, loadDataDir: new Blob([dump]) });
    try {
      const pglite = database.pglite!;
      for (const [table, expected] of Object.entries(manifest.database.rows)) {
        const { rows } = await pglite.query<{ n: number }>(
          `select count(*)::int as n from "${table.replaceAll('"', '""')}"`,
        );
        if (rows[0]!.n !== expected)
          throw new Error(
            `The restored table ${table} has ${rows[0]!.n} rows; the manifest says ${expected}. The archive is damaged.`,
          );
      }
    } finally {
      await database.close();
    }
    await closeTreeToOthers(pgliteDir);
    const rowCount = Object.values(manifest.database.rows).reduce((sum, n) => sum + n, 0);
    log(
      `Database restored into ${pgliteDir}: ${Object.keys(manifest.database.rows).length} tables, ${rowCount} rows, as counted at the backup.`,
    );

    const stagedFiles = path.join(staging, "files");
    created = [pgliteDir, filesRoot];
    if (
      await stat(stagedFiles).then(
        () => true,
        () => false,
      )
    )
      await rename(stagedFiles, filesRoot);
    await ensurePrivateDirectory(filesRoot);
    await closeTreeToOthers(filesRoot);
    const files = await countFiles(filesRoot);
    if (files.count !== manifest.files.count || files.bytes !== manifest.files.bytes) {
      throw new Error(
        `Restored ${files.count} files (${files.bytes} bytes); the manifest says ${manifest.files.count} (${manifest.files.bytes} bytes). The archive is damaged.`,
      );
    }
    log(`Files restored into ${filesRoot}: ${files.count} (${files.bytes} bytes).`);
    if (pending.length)
      log(
        `The server of this release will apply ${pending.length} newer migration(s) when it starts (${pending.join(", ")}).`,
      );
    created = [];
    return manifest;
  } finally {
    for (const dir of created) await rm(dir, { recursive: true, force: true });
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * Format 2: the signature of manifest.json by the key it names, then the staged entries: plain
 * files and folders only, exactly the files the manifest lists, each with its SHA-256. Format 1
 * (no signature, no hashes) only with `allowUnsigned`.
 */
async function verifyArchive(
  archive: string,
  staging: string,
  manifestText: string,
  manifest: BackupManifest,
  options: RestoreOptions,
) {
  const log = options.log ?? (() => {});
  if (manifest.formatVersion < 2) {
    if (!options.allowUnsigned) {
      throw new RestoreRefused(
        `${archive} was written before backups were signed (format ${manifest.formatVersion}, release ${manifest.appVersion}): nothing in it can be checked. If you know where it has been, restore it with --unsigned.`,
      );
    }
    log("WARNING: an unsigned backup (format 1), restored unchecked as asked (--unsigned).");
    return;
  }
  const signature = await readFile(path.join(staging, "manifest.sig"), "utf8").catch(() => undefined);
  if (signature === undefined || !manifest.sha256)
    throw new RestoreRefused(`${archive} has no manifest signature: it was changed, or not written by npm run backup.`);
  const signer = manifest.dataEncryptionKeyId
    ? signerFor(manifest.dataEncryptionKeyId, options.dataEncryptionKeys)
    : undefined;
  if (!signer) {
    throw new RestoreRefused(
      `${archive} is signed with the data-encryption key of id ${String(manifest.dataEncryptionKeyId)}, which is not configured. Put that key in place first (DATA_ENCRYPTION_KEY, DATA_DIR/keys/data-encryption-key, or DATA_ENCRYPTION_OLD_KEYS for an earlier key), then restore.`,
    );
  }
  if (!signatureMatches(signer, manifestText, signature)) {
    throw new RestoreRefused(
      `${archive} does not match its signature: it was changed after it was written, or written with another key. Nothing was restored.`,
    );
  }
  const expected = new Map(Object.entries(manifest.sha256));
  const staged = new Set<string>();
  for (const entry of await readdir(staging, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    const name = path.relative(staging, file).split(path.sep).join("/");
    const stats = await lstat(file);
    if (stats.isDirectory()) continue;
    if (!stats.isFile())
      throw new RestoreRefused(`${archive} has ${name}, which is not a plain file. Nothing was restored.`);
    if (name === "manifest.json" || name === "manifest.sig") continue;
    staged.add(name);
    const sum = expected.get(name);
    if (sum === undefined)
      throw new RestoreRefused(`${archive} has ${name}, which its manifest does not list. Nothing was restored.`);
    if ((await fileSha256(file)) !== sum)
      throw new RestoreRefused(
        `${name} in ${archive} does not match its SHA-256 in the manifest: the archive was changed or damaged. Nothing was restored.`,
      );
  }
  const missing = [...expected.keys()].filter((name) => !staged.has(name));
  if (missing.length)
    throw new RestoreRefused(
      `${archive} lacks ${missing.length} entr${missing.length === 1 ? "y" : "ies"} its manifest lists (${missing.slice(0, 3).join(", ")}). Nothing was restored.`,
    );
  log(`Signature and SHA-256 of ${expected.size} entries checked (key id ${signer.keyId}).`);
}

async function countFiles(root: string) {
  let count = 0;
  let bytes = 0;
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    count += 1;
    bytes += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return { count, bytes };
}
