import { randomBytes } from "node:crypto";
import { copyFile, readFile, readdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { ensurePrivateDirectory } from "../private-directory.ts";
import { writeBackupArchive } from "./backup-archive.ts";
import type { BackupSigner } from "./backup-signature.ts";
import { removeAbandonedBackups } from "./rotate-backups.ts";

/**
 * PGlite allows one process per data folder, so a backup of a running server is written by the
 * server itself. `DATA_DIR/server.pid` names the process that has the embedded database open;
 * `npm run backup` leaves `DATA_DIR/backups/<id>.request` and sends it SIGUSR2; the server answers
 * each request with `<id>.tar.gz` (written as `.partial`, then renamed) or `<id>.failed` (the error).
 * What a command that gave up left there is removed after a day (removeAbandonedBackups).
 */
export const pidFileName = "server.pid";
export const backupsDirName = "backups";

type Logger = { info(object: object, message: string): void; error(object: object, message: string): void };
export type BackupSource = { pglite: PGlite; signer: BackupSigner; log: Logger };

/**
 * Writes the pid file and handles SIGUSR2, before the database opens: a request that arrives while
 * the server starts (migrates) is answered once `ready()` is called. `close()` waits for a backup
 * being written and removes the pid file.
 */
export function answerBackupRequests(dataDir: string, filesRoot: string) {
  const pidFile = path.join(dataDir, pidFileName);
  const workDir = path.join(dataDir, backupsDirName);
  let source: BackupSource | undefined;
  let closed = false;
  let running: Promise<void> = Promise.resolve();
  const answerAll = () => {
    running = running.then(async () => {
      if (!source || closed) return;
      const log = source.log;
      const requests = (await readdir(workDir).catch(() => [] as string[]))
        .filter((name) => name.endsWith(".request"))
        .sort();
      for (const request of requests) {
        const id = request.slice(0, -".request".length);
        await rm(path.join(workDir, request), { force: true });
        const started = Date.now();
        try {
          const manifest = await writeBackupArchive({
            pglite: source.pglite,
            filesRoot,
            workDir,
            out: path.join(workDir, `${id}.tar.gz`),
            takenBy: "server",
            signer: source.signer,
          });
          log.info(
            { backup: id, rows: manifest.database.rows, files: manifest.files, ms: Date.now() - started },
            "backup written",
          );
        } catch (error) {
          log.error({ backup: id, err: error }, "backup failed");
          await writeFile(path.join(workDir, `${id}.failed`), (error as Error).message, { mode: 0o600 }).catch(
            () => {},
          );
        }
      }
      await removeAbandonedBackups(workDir).catch((error: Error) =>
        log.error({ err: error }, "removing abandoned backups failed"),
      );
    });
  };
  process.on("SIGUSR2", answerAll);
  const written = ensurePrivateDirectory(dataDir).then(() => writeFile(pidFile, `${process.pid}\n`, { mode: 0o600 }));
  return {
    /** The pid file is written (awaited before the database opens). */
    written,
    ready(ready: BackupSource) {
      source = ready;
      answerAll(); // requests left while the server was starting
    },
    async close() {
      await running;
      closed = true;
      process.off("SIGUSR2", answerAll);
      // Only our own: a newer process may have taken the folder over since.
      if ((await readPid(pidFile)) === process.pid) await rm(pidFile, { force: true });
    },
  };
}

async function readPid(pidFile: string): Promise<number | undefined> {
  const text = await readFile(pidFile, "utf8").catch(() => undefined);
  const pid = Number(text?.trim());
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/**
 * The pid of the server that has this DATA_DIR open, or undefined when the pid file is missing or
 * stale (no such process). A live process that is plainly not the server (on Linux, its command
 * line names neither server/main or server/start, as .ts or as the bundle's .mjs: the pid was reused after a crash) is
 * refused rather than guessed at: SIGUSR2 would end it, and opening the database beside a server
 * would damage it.
 */
export async function runningServerPid(dataDir: string): Promise<number | undefined> {
  const pidFile = path.join(dataDir, pidFileName);
  const pid = await readPid(pidFile);
  if (pid === undefined || pid === process.pid) return undefined;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return undefined;
    throw new Error(`The server using ${dataDir} runs as process ${pid} of another user: run this as that user.`, {
      cause: error,
    });
  }
  const commandLine = await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => undefined);
  if (commandLine !== undefined && !/server[/\\](main|start)\.(ts|mjs)/.test(commandLine)) {
    throw new Error(
      `${pidFile} names process ${pid} (${commandLine.replaceAll("\0", " ").trim()}), which is not the server. If no server runs on ${dataDir}, delete that file and run this again.`,
    );
  }
  return pid;
}

/** Asks the running server for a backup and returns the archive it wrote (in DATA_DIR/backups). */
export async function requestBackupFromServer(
  dataDir: string,
  pid: number,
  options: { timeoutMs?: number; onWaiting?: () => void } = {},
): Promise<string> {
  const workDir = path.join(dataDir, backupsDirName);
  await ensurePrivateDirectory(workDir);
  const id = `backup-${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}`;
  const archive = path.join(workDir, `${id}.tar.gz`);
  const failed = path.join(workDir, `${id}.failed`);
  await writeFile(path.join(workDir, `${id}.request`), "", { mode: 0o600, flag: "wx" });
  const started = Date.now();
  const deadline = started + (options.timeoutMs ?? 10 * 60_000);
  try {
    process.kill(pid, "SIGUSR2");
    let waitingSaid = false;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const names = await readdir(workDir);
      if (names.includes(`${id}.tar.gz`)) return archive;
      if (names.includes(`${id}.failed`)) {
        const message = await readFile(failed, "utf8");
        throw new Error(`The server (process ${pid}) could not write the backup: ${message}`);
      }
      try {
        process.kill(pid, 0);
      } catch {
        throw new Error(`The server (process ${pid}) stopped before the backup was written. Run the backup again.`);
      }
      if (Date.now() > deadline)
        throw new Error(`The server (process ${pid}) did not write the backup in time (see its log).`);
      if (!waitingSaid && Date.now() - started > 5_000) {
        waitingSaid = true;
        options.onWaiting?.();
      }
    }
  } finally {
    await rm(path.join(workDir, `${id}.request`), { force: true });
    await rm(failed, { force: true });
  }
}

/** Moves a file, copying when the target is on another file system. */
export async function moveFile(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
    await copyFile(from, to);
    await rm(from, { force: true });
  }
}
