import { randomBytes } from "node:crypto";
import { chmod, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { ensurePrivateDirectory } from "./private-directory.ts";

/**
 * A secret from configuration, or else one generated once into DATA_DIR/keys/<name> (0600).
 * Only for the local demo: production refuses to start without the variables (server/config.ts).
 */
export async function configuredOrGeneratedSecret(
  configured: string | undefined,
  dataDir: string,
  name: string,
  onGenerated: (file: string) => void,
): Promise<string> {
  if (configured) return configured;
  const dir = path.join(dataDir, "keys");
  const file = path.join(dir, name);
  await ensurePrivateDirectory(dir);
  const existing = await readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw error;
  });
  if (existing !== undefined) {
    await chmod(file, 0o600);
    return existing.trim();
  }
  const secret = randomBytes(32).toString("base64");
  await writeFile(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
  onGenerated(file);
  return secret;
}
