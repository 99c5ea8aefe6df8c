import { readdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import * as tar from "tar";
import { migrationTags, openDatabase } from "../../db/client.ts";
import { closeTreeToOthers, ensurePrivateDirectory } from "../../private-directory.ts";
import { parseManifest, type BackupManifest } from "./backup-archive.ts";

export class RestoreRefused extends Error {}

/**
 * Restores an archive of `writeBackupArchive` into DATA_DIR, which must hold no database and no
 * files (keys may already be there). Extracts into a private staging folder, checks the manifest,
 * loads the database dump into DATA_DIR/pglite with PGlite, compares its row counts with the
 * manifest, then moves the files into DATA_DIR/files. On a failure nothing is left behind.
 */
export async function restoreBackupArchive(archive: string, dataDir: string, options: { log?: (line: string) => void } = {}) {
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
    throw new RestoreRefused(`${dataDir} is not empty: it already has ${present.join(" and ")}. Restore into an empty DATA_DIR (the keys/ folder may be there), or move those aside first.`);
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
    // node-tar refuses absolute paths and `..`; only the three kinds of entries are taken.
    await tar.extract({
      file: archive,
      cwd: staging,
      strict: true,
      filter: (entryPath) => entryPath === "manifest.json" || entryPath === "database.tar" || entryPath === "files" || entryPath.startsWith("files/"),
    });
    const manifestText = await readFile(path.join(staging, "manifest.json"), "utf8").catch(() => {
      throw new RestoreRefused(`${archive} is not a backup of this application: it has no manifest.json.`);
    });
    let manifest: BackupManifest;
    try {
      manifest = parseManifest(manifestText, archive);
    } catch (error) {
      throw new RestoreRefused((error as Error).message, { cause: error });
    }
    const known = new Set(migrationTags());
    const unknown = manifest.migrations.filter((tag) => !known.has(tag));
    if (unknown.length) {
      throw new RestoreRefused(
        `The backup was taken by a newer release (${manifest.appVersion}): its database has migrations this release does not know (${unknown.join(", ")}). Restore it with that release.`,
      );
    }
    const pending = migrationTags().filter((tag) => !manifest.migrations.includes(tag));
    log(`Backup of ${manifest.createdAt} (release ${manifest.appVersion}, taken by the ${manifest.takenBy === "server" ? "running server" : "backup command"}).`);

    const dump = await readFile(path.join(staging, "database.tar"));
    if (dump.length !== manifest.database.bytes) throw new Error(`The database dump is ${dump.length} bytes; the manifest says ${manifest.database.bytes}. The archive is damaged.`);
    created = [pgliteDir];
    const database = await openDatabase({ driver: "pglite", dataDir: pgliteDir, loadDataDir: new Blob([dump]) });
    try {
      const pglite = database.pglite!;
      for (const [table, expected] of Object.entries(manifest.database.rows)) {
        const { rows } = await pglite.query<{ n: number }>(`select count(*)::int as n from "${table.replaceAll('"', '""')}"`);
        if (rows[0]!.n !== expected) throw new Error(`The restored table ${table} has ${rows[0]!.n} rows; the manifest says ${expected}. The archive is damaged.`);
      }
    } finally {
      await database.close();
    }
    await closeTreeToOthers(pgliteDir);
    const rowCount = Object.values(manifest.database.rows).reduce((sum, n) => sum + n, 0);
    log(`Database restored into ${pgliteDir}: ${Object.keys(manifest.database.rows).length} tables, ${rowCount} rows, as counted at the backup.`);

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
      throw new Error(`Restored ${files.count} files (${files.bytes} bytes); the manifest says ${manifest.files.count} (${manifest.files.bytes} bytes). The archive is damaged.`);
    }
    log(`Files restored into ${filesRoot}: ${files.count} (${files.bytes} bytes).`);
    if (pending.length) log(`The server of this release will apply ${pending.length} newer migration(s) when it starts (${pending.join(", ")}).`);
    created = [];
    return manifest;
  } finally {
    for (const dir of created) await rm(dir, { recursive: true, force: true });
    await rm(staging, { recursive: true, force: true });
  }
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
