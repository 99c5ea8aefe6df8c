import { constants } from "node:fs";
import { lstat, mkdir, open, readdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { assertSafeKey, storedFileMissing, type FileStorage } from "./file-storage.ts";

const missing = (error: NodeJS.ErrnoException) => {
  if (error.code === "ENOENT") return undefined;
  throw error;
};

/** A link where a stored file or one of its folders should be: put there by someone else (a tampered restore), never by us. */
const linkRefused = (key: string) =>
  new Error(
    `Stored file ${key}: a symbolic link or other non-regular entry is in its place under the storage root; refused.`,
  );

/**
 * Files under `root`, by key. Nothing follows a link: every folder between the root and a file
 * must be a real folder (checked with lstat), and files are opened with O_NOFOLLOW, so a link
 * planted under the root (pointing at DATA_DIR/keys, say) is refused, never read or written through.
 */
export function createLocalFileStorage(root: string): FileStorage {
  /** The file of a key, once each existing folder on the way is checked to be a folder. */
  const fileFor = async (key: string) => {
    assertSafeKey(key);
    let dir = root;
    for (const part of key.split("/").slice(0, -1)) {
      dir = path.join(dir, part);
      const stats = await lstat(dir).catch(missing);
      if (!stats) break;
      if (!stats.isDirectory()) throw linkRefused(key);
    }
    return path.join(root, key);
  };
  return {
    async put(key, body) {
      await fileFor(key);
      const file = path.join(root, key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      await fileFor(key);
      // Written under a temporary name and renamed, so a broken upload never leaves a partial file.
      const partial = `${file}.partial-${process.pid}-${Date.now()}`;
      try {
        const handle = await open(
          partial,
          constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
          0o600,
        );
        await pipeline(body, handle.createWriteStream());
        // rename replaces a link at `file` itself, never what it points at.
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return { size: (await lstat(file)).size };
    },
    async get(key) {
      const file = await fileFor(key);
      const handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW).catch(
        (error: NodeJS.ErrnoException) => {
          if (error.code === "ENOENT") throw storedFileMissing();
          throw error.code === "ELOOP" ? linkRefused(key) : error;
        },
      );
      if (!(await handle.stat()).isFile()) {
        await handle.close();
        throw linkRefused(key);
      }
      return handle.createReadStream();
    },
    async delete(key) {
      // rm removes a link, never its target; a linked folder on the way is refused by fileFor.
      await rm(await fileFor(key), { force: true });
    },
    async *list(prefix) {
      const dir = path.join(root, prefix);
      // The root itself may be a link an operator made (another disk); what is under it may not.
      if (prefix && !(await lstat(dir).catch(missing))?.isDirectory()) return;
      // A recursive readdir does not descend into linked folders, and links are not files.
      const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const full = path.join(entry.parentPath, entry.name);
        yield { key: path.relative(root, full).split(path.sep).join("/"), modifiedAt: (await lstat(full)).mtime };
      }
    },
    async exists(key) {
      const stats = await lstat(await fileFor(key)).catch(missing);
      return stats?.isFile() ?? false;
    },
  };
}
