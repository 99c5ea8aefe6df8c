import { randomBytes, randomUUID } from "node:crypto";
import { cp, link, mkdir, mkdtemp, readdir, readFile, rm, symlink, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../db/client.ts";
import { footerMessage } from "../leads/tables.ts";
import { writeBackupArchive } from "./backup-archive.ts";
import { createBackupSigner } from "./backup-signature.ts";
import { restoreBackupArchive, RestoreRefused } from "./restore-archive.ts";
import { backupArchiveName, removeAbandonedBackups, rotateBackups } from "./rotate-backups.ts";

const dataKey = randomBytes(32).toString("base64");
const otherKey = randomBytes(32).toString("base64");

describe("backup archives: signed, and checked before a restore writes anything", () => {
  let root: string;
  let archive: string;
  let unpacked: string;
  const documents = new Map([
    [`deals/${randomUUID()}/${randomUUID()}`, randomBytes(2048)],
    [`deals/${randomUUID()}/${randomUUID()}`, randomBytes(512)],
  ]);

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "restore-archive-"));
    const database: DatabaseHandle = await openDatabase({
      driver: "pglite",
      loadDataDir: new Blob([await readFile(inject("pgliteSnapshot"))]),
    });
    try {
      await database.db.insert(footerMessage).values({
        idempotencyKey: randomUUID(),
        nameOfBusiness: "Backup Co",
        nameUser: "Pat",
        emailUser: "pat@x.example",
        message: "hello",
      });
      const filesRoot = path.join(root, "source-files");
      for (const [key, content] of documents) {
        await mkdir(path.dirname(path.join(filesRoot, key)), { recursive: true });
        await writeFile(path.join(filesRoot, key), content);
      }
      archive = path.join(root, "backup.tar.gz");
      await writeBackupArchive({
        pglite: database.pglite!,
        filesRoot,
        workDir: path.join(root, "work"),
        out: archive,
        takenBy: "offline",
        signer: createBackupSigner(dataKey),
      });
    } finally {
      await database.close();
    }
    unpacked = path.join(root, "unpacked");
    await mkdir(unpacked);
    await tar.extract({ file: archive, cwd: unpacked });
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  /** An empty DATA_DIR with only its keys, as an operator prepares it. */
  const emptyDataDir = async () => {
    const dataDir = await mkdtemp(path.join(root, "target-"));
    await mkdir(path.join(dataDir, "keys"), { mode: 0o700 });
    await writeFile(path.join(dataDir, "keys", "data-encryption-key"), `${dataKey}\n`, { mode: 0o600 });
    return dataDir;
  };
  const expectNothingRestored = async (dataDir: string) => {
    expect(await readdir(dataDir)).toEqual(["keys"]);
    expect(await readdir(path.join(dataDir, "keys"))).toEqual(["data-encryption-key"]);
    expect((await readFile(path.join(dataDir, "keys", "data-encryption-key"), "utf8")).trim()).toBe(dataKey);
  };
  /** A copy of the archive's entries, changed by `change`, packed again (fast compression) as a tampered archive. */
  const tampered = async (change: (dir: string) => Promise<void>) => {
    const dir = await mkdtemp(path.join(root, "changed-"));
    await cp(unpacked, dir, { recursive: true });
    await change(dir);
    const out = path.join(root, `tampered-${randomUUID()}.tar.gz`);
    await tar.create({ file: out, cwd: dir, gzip: { level: 1 }, portable: true }, await readdir(dir));
    return out;
  };
  const restore = (from: string, dataDir: string, options: { allowUnsigned?: boolean; keys?: string[] } = {}) =>
    restoreBackupArchive(from, dataDir, {
      dataEncryptionKeys: options.keys ?? [dataKey],
      allowUnsigned: options.allowUnsigned,
    });

  it("restores a signed backup (checked with the key its manifest names, among the configured ones): the rows and the files as they were", async () => {
    const dataDir = await emptyDataDir();
    const manifest = await restore(archive, dataDir, { keys: [otherKey, dataKey] });
    expect(manifest.formatVersion).toBe(2);
    expect(Object.keys(manifest.sha256!).sort()).toEqual(
      ["database.tar", ...[...documents.keys()].map((key) => `files/${key}`)].sort(),
    );
    for (const [key, content] of documents)
      expect((await readFile(path.join(dataDir, "files", key))).equals(content)).toBe(true);
    const restored = await openDatabase({ driver: "pglite", dataDir: path.join(dataDir, "pglite") });
    try {
      expect((await restored.db.select().from(footerMessage)).map((row) => row.nameUser)).toEqual(["Pat"]);
    } finally {
      await restored.close();
    }
  });

  it("refuses an archive with a symbolic link under files/ to DATA_DIR/keys, or a hard link, and writes nothing", async () => {
    const dataDir = await emptyDataDir();
    const withSymlinks = await tampered(async (dir) => {
      await symlink(path.join(dataDir, "keys"), path.join(dir, "files", "deals", "keys"));
      await symlink(path.join(dataDir, "keys", "data-encryption-key"), path.join(dir, "files", "deals", "key-file"));
    });
    const refusal = restore(withSymlinks, dataDir);
    await expect(refusal).rejects.toBeInstanceOf(RestoreRefused);
    await expect(refusal).rejects.toThrow(/entries a backup never has: "files\/deals\/key(s|-file)" \(SymbolicLink\)/);
    await expectNothingRestored(dataDir);

    const withHardLink = await tampered(async (dir) => {
      const [first] = [...documents.keys()];
      await link(path.join(dir, "files", first!), path.join(dir, "files", "deals", "second-name"));
    });
    await expect(restore(withHardLink, dataDir)).rejects.toThrow(/\(Link\)/);
    await expectNothingRestored(dataDir);
  });

  it("refuses a file changed after the backup (its SHA-256), a file the manifest does not list, and writes nothing", async () => {
    const dataDir = await emptyDataDir();
    const [first] = [...documents.keys()];
    const changed = await tampered((dir) =>
      writeFile(path.join(dir, "files", first!), Buffer.concat([documents.get(first!)!.subarray(1), Buffer.from("x")])),
    );
    await expect(restore(changed, dataDir)).rejects.toThrow(
      `files/${first} in ${changed} does not match its SHA-256 in the manifest`,
    );
    await expectNothingRestored(dataDir);

    const added = await tampered((dir) => writeFile(path.join(dir, "files", "deals", "planted"), "x"));
    await expect(restore(added, dataDir)).rejects.toThrow("has files/deals/planted, which its manifest does not list");
    await expectNothingRestored(dataDir);
  });

  it("refuses a manifest changed without the key, and an archive signed by a key that is not configured", async () => {
    const dataDir = await emptyDataDir();
    const [first] = [...documents.keys()];
    const rehashed = await tampered(async (dir) => {
      await writeFile(path.join(dir, "files", first!), "replaced");
      const manifest = JSON.parse(await readFile(path.join(dir, "manifest.json"), "utf8")) as {
        sha256: Record<string, string>;
      };
      manifest.sha256[`files/${first}`] = "0".repeat(64);
      await writeFile(path.join(dir, "manifest.json"), JSON.stringify(manifest));
    });
    await expect(restore(rehashed, dataDir)).rejects.toThrow("does not match its signature");
    await expect(restore(archive, dataDir, { keys: [otherKey] })).rejects.toThrow(
      /signed with the data-encryption key of id [0-9a-f]{8}, which is not configured/,
    );
    await expectNothingRestored(dataDir);
  });

  it("refuses an archive of format 1 (unsigned) unless asked, and even then takes only plain files and folders", async () => {
    const dataDir = await emptyDataDir();
    const unsigned = (extra: (dir: string) => Promise<void> = async () => {}) =>
      tampered(async (dir) => {
        const manifest = JSON.parse(await readFile(path.join(dir, "manifest.json"), "utf8")) as Record<string, unknown>;
        delete manifest.sha256;
        await writeFile(path.join(dir, "manifest.json"), JSON.stringify({ ...manifest, formatVersion: 1 }));
        await rm(path.join(dir, "manifest.sig"));
        await extra(dir);
      });
    await expect(restore(await unsigned(), dataDir)).rejects.toThrow(
      "was written before backups were signed (format 1",
    );
    const withLink = await unsigned((dir) =>
      symlink(path.join(dataDir, "keys"), path.join(dir, "files", "deals", "keys")),
    );
    await expect(restore(withLink, dataDir, { allowUnsigned: true })).rejects.toThrow("(SymbolicLink)");
    await expectNothingRestored(dataDir);
  });
});

describe("backup rotation", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "backup-rotation-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("keeps the newest BACKUP_KEEP archives the command named, and leaves every other file alone", async () => {
    const days = [1, 2, 3, 4, 5].map((day) => backupArchiveName(new Date(Date.UTC(2026, 0, day, 3))));
    for (const name of [...days, "keep-me.tar.gz", "lender-site-backup-manual.tar.gz"])
      await writeFile(path.join(dir, name), "x");
    await symlink(path.join(dir, "keep-me.tar.gz"), path.join(dir, backupArchiveName(new Date(Date.UTC(2025, 0, 1)))));
    const removed = await rotateBackups(dir, 3);
    expect(removed.map((file) => path.basename(file))).toEqual(days.slice(0, 2));
    expect((await readdir(dir)).sort()).toEqual(
      [
        backupArchiveName(new Date(Date.UTC(2025, 0, 1))),
        ...days.slice(2),
        "keep-me.tar.gz",
        "lender-site-backup-manual.tar.gz",
      ].sort(),
    );
  });

  it("removes what an abandoned `npm run backup` left in DATA_DIR/backups after a day, and nothing newer", async () => {
    const work = await mkdtemp(path.join(dir, "work-"));
    const dayAgo = (Date.now() - 25 * 60 * 60 * 1000) / 1000;
    for (const name of [
      "backup-a.tar.gz",
      "backup-a.failed",
      "backup-b.request",
      "x.tar.gz.partial",
      "backup-new.tar.gz",
      "notes.txt",
    ])
      await writeFile(path.join(work, name), "x");
    await mkdir(path.join(work, "staging-12-34"));
    for (const name of [
      "backup-a.tar.gz",
      "backup-a.failed",
      "backup-b.request",
      "x.tar.gz.partial",
      "staging-12-34",
      "notes.txt",
    ])
      await utimes(path.join(work, name), dayAgo, dayAgo);
    expect(await removeAbandonedBackups(work)).toBe(5);
    expect((await readdir(work)).sort()).toEqual(["backup-new.tar.gz", "notes.txt"]);
  });
});
