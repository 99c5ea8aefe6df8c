import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

type Run = { code: number | null; stdout: string; stderr: string };

/**
 * `node server/main.ts --api-only` with only the given environment, under `umask`. Stopped with
 * SIGTERM once it listens; resolves when it has exited.
 */
function runMain(env: Record<string, string>, umask = "022"): Promise<Run> {
  const child = spawn(
    "sh",
    ["-c", `umask ${umask} && exec "${process.execPath}" --import tsx server/main.ts --api-only`],
    {
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        HOST: "127.0.0.1",
        PORT: "0",
        LOG_LEVEL: "warn",
        SEED_DEMO: "false",
        ...env,
      },
    },
  );
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
    if (stdout.includes("is running at")) child.kill("SIGTERM");
  });
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, stdout, stderr })));
}

async function* walk(dir: string): AsyncGenerator<string> {
  yield dir;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

describe("server start-up", () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "main-start-"));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it("refuses to start in production without its secrets, naming each missing variable", async () => {
    const dataDir = path.join(root, "production");
    const run = await runMain({ NODE_ENV: "production", DATA_DIR: dataDir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("AUTH_SECRET");
    expect(run.stderr).toContain("DATA_ENCRYPTION_KEY");
    expect(run.stderr).toContain("SIGNING_CERTIFICATE_P12");
    // Nothing was generated next to the data.
    await expect(stat(path.join(dataDir, "keys"))).rejects.toThrow("ENOENT");

    const withAuthOnly = await runMain({
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      AUTH_SECRET: randomBytes(32).toString("base64"),
    });
    expect(withAuthOnly.code).toBe(1);
    expect(withAuthOnly.stderr).toContain("DATA_ENCRYPTION_KEY");
    expect(withAuthOnly.stderr).not.toContain("AUTH_SECRET");
  });

  it("writes nothing other users can read, even started with umask 000", async () => {
    const dataDir = path.join(root, "demo");
    const run = await runMain({ NODE_ENV: "development", DATA_DIR: dataDir }, "000");
    expect(run.stderr).not.toMatch(/error/i);
    expect(run.code).toBe(0);
    const open: string[] = [];
    for await (const file of walk(dataDir)) {
      if ((await stat(file)).mode & 0o077) open.push(path.relative(dataDir, file) || ".");
    }
    expect(open).toEqual([]);
    expect((await readdir(path.join(dataDir, "keys"))).sort()).toEqual(["auth-secret", "data-encryption-key"]);
  }, 60_000);
});
