import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { builtServer } from "../support/server-process.ts";

// PostgreSQL restarts under a running server: the pool must reconnect without a server restart.
// It needs the machine's PostgreSQL (TEST_DATABASE_URL) and the right to restart it, as CI has.
const postgresUrl = process.env.TEST_DATABASE_URL;
const cluster = existsSync("/etc/postgresql") ? readdirSync("/etc/postgresql")[0] : undefined;
const canRestart = Boolean(postgresUrl && cluster && process.getuid?.() === 0);

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  await client.query(statement);
  await client.end();
}

describe.runIf(canRestart)("a PostgreSQL restart", () => {
  const database = `lender_restart_${randomUUID().slice(0, 8)}`;
  let child: ChildProcess | undefined;
  let dataDir = "";
  afterAll(async () => {
    child?.kill("SIGTERM");
    await admin(`drop database if exists ${database} with (force)`).catch(() => undefined);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("is survived by the server: leads are stored again once it is back, without a server restart", async () => {
    await admin(`create database ${database}`);
    const target = new URL(postgresUrl!);
    target.pathname = `/${database}`;
    dataDir = await mkdtemp(path.join(tmpdir(), "restart-"));
    const port = 22000 + Math.floor(Math.random() * 5000);
    const url = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, [...builtServer(), "--api-only"], {
      env: {
        ...process.env,
        NODE_ENV: "test",
        PORT: String(port),
        PUBLIC_URL: url,
        DATA_DIR: dataDir,
        DATABASE_URL: target.toString(),
        SEED_DEMO: "false",
        LOG_LEVEL: "warn",
        AUTH_SECRET: "restart-secret-restart-secret-restart",
      },
      stdio: "ignore",
    });
    const health = async () => {
      try {
        return (await fetch(`${url}/api/health`)).status;
      } catch {
        return 0;
      }
    };
    await expect.poll(health, { timeout: 60_000, interval: 250 }).toBe(200);
    const lead = () =>
      fetch(`${url}/api/leads/footer-message`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: url },
        body: JSON.stringify({
          nameOfBusiness: "",
          nameUser: "Restart",
          emailUser: "r@x.example",
          subjectUser: "Hello",
          idempotencyKey: randomUUID(),
        }),
      });
    expect((await lead()).status).toBe(201);

    execFileSync("pg_ctlcluster", ["--skip-systemctl-redirect", cluster!, "main", "restart"], { stdio: "ignore" });
    await expect.poll(async () => (await lead()).status, { timeout: 60_000, interval: 500 }).toBe(201);
    expect(await health()).toBe(200);
    expect(child.exitCode).toBeNull();
  });
});
