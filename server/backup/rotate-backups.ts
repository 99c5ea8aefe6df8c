import { lstat, readdir, rm } from "node:fs/promises";
import path from "node:path";

/** `npm run backup`'s default archive name; the time stamp sorts as the time. */
export const backupArchiveName = (at: Date) => `lender-site-backup-${at.toISOString().replace(/[:.]/g, "-")}.tar.gz`;
const archiveNamePattern = /^lender-site-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.tar\.gz$/;

/**
 * Keeps the `keep` newest archives of `npm run backup` in `dir` (BACKUP_DIR) and deletes the
 * older ones. Only plain files named as the command names them: anything else there is left alone.
 */
export async function rotateBackups(dir: string, keep: number): Promise<string[]> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => archiveNamePattern.test(name)).sort();
  const old = names.slice(0, Math.max(0, names.length - keep));
  const removed: string[] = [];
  for (const name of old) {
    const file = path.join(dir, name);
    if (!(await lstat(file)).isFile()) continue;
    await rm(file, { force: true });
    removed.push(file);
  }
  return removed;
}

/** A command waits for its archive at most its timeout: answers older than this were abandoned. */
export const abandonedAnswerMs = 24 * 60 * 60 * 1000;

/**
 * What a crashed or timed-out `npm run backup` left in DATA_DIR/backups: archives and failures
 * the server wrote for it, requests, partial archives and staging folders, once a day old.
 */
export async function removeAbandonedBackups(workDir: string, now = Date.now()): Promise<number> {
  let removed = 0;
  for (const entry of await readdir(workDir, { withFileTypes: true }).catch(() => [])) {
    if (!/^(backup-.+\.(tar\.gz|failed|request)|.+\.partial|staging-\d+-\d+)$/.test(entry.name)) continue;
    const file = path.join(workDir, entry.name);
    const { mtimeMs } = await lstat(file);
    if (now - mtimeMs < abandonedAnswerMs) continue;
    await rm(file, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}
