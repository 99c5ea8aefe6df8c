import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { assertSafeKey, storedFileMissing, type FileStorage } from "./file-storage.ts";

export function createLocalFileStorage(root: string): FileStorage {
  const fileFor = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, body) {
      const file = fileFor(key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      // Written under a temporary name and renamed, so a broken upload never leaves a partial file.
      const partial = `${file}.partial-${process.pid}-${Date.now()}`;
      try {
        await pipeline(body, createWriteStream(partial, { mode: 0o600 }));
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return { size: (await stat(file)).size };
    },
    async get(key) {
      const file = fileFor(key);
      await stat(file).catch((error: NodeJS.ErrnoException) => {
        throw error.code === "ENOENT" ? storedFileMissing() : error;
      });
      return createReadStream(file);
    },
    async delete(key) {
      await rm(fileFor(key), { force: true });
    },
    async *list(prefix) {
      const dir = path.join(root, prefix);
      const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const full = path.join(entry.parentPath, entry.name);
        yield { key: path.relative(root, full).split(path.sep).join("/"), modifiedAt: (await stat(full)).mtime };
      }
    },
    async exists(key) {
      try {
        await stat(fileFor(key));
        return true;
      } catch {
        return false;
      }
    },
  };
}
