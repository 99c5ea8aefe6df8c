import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * A secret from configuration, or else one generated once into DATA_DIR/keys/<name> (0600).
 * Only suitable for the embedded single-server default: production sets the variable.
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
  try {
    return (await readFile(file, "utf8")).trim();
  } catch {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const secret = randomBytes(32).toString("base64");
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
    onGenerated(file);
    return secret;
  }
}
