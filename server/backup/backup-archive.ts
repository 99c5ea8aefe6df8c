import { createHash } from "node:crypto";
import { createReadStream, readFileSync } from "node:fs";
import { chmod, copyFile, link, mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { getTableName } from "drizzle-orm";
import * as tar from "tar";
import { migrationsFolder } from "../db/client.ts";
import { ensurePrivateDirectory } from "../private-directory.ts";
import { encryptedColumns } from "./rotate-encrypted-fields.ts";
import type { BackupSigner } from "./backup-signature.ts";

/**
 * A backup of the embedded database and the local files: one gzipped tar with, in this order,
 *   manifest.json   what is inside (below), with the SHA-256 of every other entry; never a key
 *   manifest.sig    HMAC-SHA256 of manifest.json's bytes (backup-signature.ts), hex
 *   database.tar    PGlite's own dump of its data folder (`dumpDataDir`)
 *   files/...       every stored file (DATA_DIR/files), by its storage key
 * Only plain files and folders: a restore refuses any other kind of entry (format 2; format 1
 * archives had no signature and no hashes).
 * The database is dumped first, then the files are listed: every file a row points at is there
 * (files stored after the dump are orphans, which the orphan sweep removes after a restore).
 */
export const BACKUP_FORMAT = "lender-site-backup";
export const BACKUP_FORMAT_VERSION = 2;

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  createdAt: string;
  /** `server`: written by the running server (SIGUSR2); `offline`: by `npm run backup` with no server running. */
  takenBy: "server" | "offline";
  appVersion: string;
  /** Tags of the migrations applied to the database (drizzle/meta/_journal.json), oldest first. */
  migrations: string[];
  database: { driver: "pglite"; file: "database.tar"; bytes: number; rows: Record<string, number> };
  files: { count: number; bytes: number };
  /**
   * The id (sha-256 prefix, as in every encrypted value) of the DATA_ENCRYPTION_KEY in use (from
   * format 2, the key whose derived key signed manifest.sig), and the ids the stored values name:
   * a restore warns when the configured keys do not cover them. Ids only: the keys are never in a backup.
   */
  dataEncryptionKeyId: string | null;
  encryptedValueKeyIds: string[];
  /** Format 2: the SHA-256 (hex) of every entry but manifest.json and manifest.sig, by its path in the archive. */
  sha256?: Record<string, string>;
};

const appVersion = (
  JSON.parse(readFileSync(path.join(import.meta.dirname, "../../package.json"), "utf8")) as { version: string }
).version;

type DatabaseSnapshot = {
  dump: Blob;
  rows: Record<string, number>;
  migrations: string[];
  encryptedValueKeyIds: string[];
};

/**
 * Dumps the database in one exclusive section: PGlite runs every query and transaction one at a
 * time, so inside this read transaction no other write can start, and the counts and the dump
 * see the same committed state (a transaction of the app is either wholly in or wholly out).
 * Requests arriving meanwhile wait for the dump (a fraction of a second for a small database).
 */
export async function snapshotDatabase(pglite: PGlite): Promise<DatabaseSnapshot> {
  // Flushes the shared buffers, so the dump needs little WAL replay when it is loaded.
  await pglite.exec("CHECKPOINT");
  return pglite.transaction(async (tx) => {
    const { rows: tables } = await tx.query<{ name: string }>(
      "select tablename as name from pg_tables where schemaname = 'public' order by tablename",
    );
    const rows: Record<string, number> = {};
    for (const { name } of tables) {
      const { rows: counted } = await tx.query<{ n: number }>(
        `select count(*)::int as n from "${name.replaceAll('"', '""')}"`,
      );
      rows[name] = counted[0]!.n;
    }
    const { rows: applied } = await tx
      .query<{ at: string | number }>("select created_at as at from drizzle.__drizzle_migrations order by created_at")
      .catch(() => ({ rows: [] as { at: string | number }[] }));
    const tagByWhen = new Map(journal().map((entry) => [entry.when, entry.tag]));
    const migrations = applied.map(
      ({ at }) => tagByWhen.get(Number(at)) ?? `unknown migration of ${new Date(Number(at)).toISOString()}`,
    );
    const keyIds = new Set<string>();
    for (const { table, column } of encryptedColumns) {
      const { rows: ids } = await tx.query<{ id: string }>(
        `select distinct split_part("${column.name}", '.', 2) as id from "${getTableName(table)}" where "${column.name}" is not null`,
      );
      for (const { id } of ids) keyIds.add(id);
    }
    // dumpDataDir waits only for the query in progress, not for our transaction: it runs inside it.
    const dump = await pglite.dumpDataDir("none");
    return { dump, rows, migrations, encryptedValueKeyIds: [...keyIds].sort() };
  });
}

function journal() {
  return (
    JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
      entries: { tag: string; when: number }[];
    }
  ).entries;
}

/**
 * Writes the archive to `out` (through `<out>.partial`, renamed when complete). `workDir` is a
 * private folder on the same file system as `filesRoot` (DATA_DIR/backups): the files are
 * hard-linked into a staging folder there, so a file deleted while the archive is written is
 * still archived whole, and nothing is copied.
 */
export async function writeBackupArchive(options: {
  pglite: PGlite;
  filesRoot: string;
  workDir: string;
  out: string;
  takenBy: BackupManifest["takenBy"];
  signer: BackupSigner;
}): Promise<BackupManifest> {
  await ensurePrivateDirectory(options.workDir);
  const staging = path.join(options.workDir, `staging-${process.pid}-${Date.now()}`);
  await ensurePrivateDirectory(staging);
  const partial = `${options.out}.partial`;
  try {
    const snapshot = await snapshotDatabase(options.pglite);
    const dump = Buffer.from(await snapshot.dump.arrayBuffer());
    await writeFile(path.join(staging, "database.tar"), dump, { mode: 0o600 });
    const sha256: Record<string, string> = { "database.tar": createHash("sha256").update(dump).digest("hex") };
    const files = await stageFiles(options.filesRoot, path.join(staging, "files"), sha256);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      takenBy: options.takenBy,
      appVersion,
      migrations: snapshot.migrations,
      database: { driver: "pglite", file: "database.tar", bytes: snapshot.dump.size, rows: snapshot.rows },
      files,
      dataEncryptionKeyId: options.signer.keyId,
      encryptedValueKeyIds: snapshot.encryptedValueKeyIds,
      sha256,
    };
    const manifestText = `${JSON.stringify(manifest, null, 2)}\n`;
    await writeFile(path.join(staging, "manifest.json"), manifestText, { mode: 0o600 });
    await writeFile(path.join(staging, "manifest.sig"), `${options.signer.sign(manifestText)}\n`, { mode: 0o600 });
    const entries = ["manifest.json", "manifest.sig", "database.tar", ...(files.count ? ["files"] : [])];
    await writeFile(partial, "", { mode: 0o600 });
    await tar.create({ file: partial, cwd: staging, gzip: true, portable: true, strict: true }, entries);
    await chmod(partial, 0o600);
    await rename(partial, options.out);
    return manifest;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Links (or, across file systems, copies) every complete stored file into `target`, and adds its SHA-256 to `sha256`. */
async function stageFiles(
  filesRoot: string,
  target: string,
  sha256: Record<string, string>,
): Promise<{ count: number; bytes: number }> {
  const entries = await readdir(filesRoot, { recursive: true, withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return [];
      throw error;
    },
  );
  let count = 0;
  let bytes = 0;
  for (const entry of entries) {
    // A file being stored is written under `<key>.partial-…` and renamed when complete.
    if (!entry.isFile() || entry.name.includes(".partial-")) continue;
    const source = path.join(entry.parentPath, entry.name);
    const destination = path.join(target, path.relative(filesRoot, source));
    await mkdir(path.dirname(destination), { recursive: true, mode: 0o700 });
    try {
      await link(source, destination);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT") continue; // deleted since it was listed (its row went first)
      if (code !== "EXDEV" && code !== "EPERM") throw error;
      await copyFile(source, destination);
    }
    count += 1;
    bytes += (await stat(destination)).size;
    sha256[path.posix.join("files", ...path.relative(filesRoot, source).split(path.sep))] =
      await fileSha256(destination);
  }
  return { count, bytes };
}

export async function fileSha256(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** The manifest of an archive, read without extracting the rest. */
export async function readBackupManifest(archive: string): Promise<BackupManifest> {
  let text: string | undefined;
  await tar.list({
    file: archive,
    filter: (entryPath) => entryPath === "manifest.json",
    onReadEntry: (entry) => {
      const chunks: Buffer[] = [];
      entry.on("data", (chunk: Buffer) => chunks.push(chunk));
      entry.on("end", () => (text = Buffer.concat(chunks).toString("utf8")));
    },
  });
  if (text === undefined) throw new Error(`${archive} is not a backup of this application: it has no manifest.json.`);
  return parseManifest(text, archive);
}

export function parseManifest(text: string, where: string): BackupManifest {
  const manifest = JSON.parse(text) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT)
    throw new Error(`${where} is not a backup of this application (format ${String(manifest.format)}).`);
  if (manifest.formatVersion > BACKUP_FORMAT_VERSION) {
    throw new Error(
      `${where} has backup format ${manifest.formatVersion}; this release reads up to ${BACKUP_FORMAT_VERSION}. Restore it with the release that wrote it (${manifest.appVersion}).`,
    );
  }
  return manifest;
}
