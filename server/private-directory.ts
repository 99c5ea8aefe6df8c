import { chmod, lstat, mkdir, readdir } from "node:fs/promises";
import path from "node:path";

/**
 * Creates `dir` (and missing parents) readable by the server's user only, and closes it if it
 * already existed: mkdir's mode is masked by the umask and leaves an existing folder as it was.
 */
export async function ensurePrivateDirectory(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  try {
    await chmod(dir, 0o700);
  } catch (error) {
    throw new Error(
      `Cannot close ${dir} to other users (${(error as Error).message}): it must belong to the user running the server.`,
    );
  }
}

/** Takes the group and other bits off everything under `dir` (symbolic links left alone). */
export async function closeTreeToOthers(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    const { mode } = await lstat(file);
    if (!entry.isSymbolicLink() && mode & 0o077) await chmod(file, mode & 0o700);
  }
}
