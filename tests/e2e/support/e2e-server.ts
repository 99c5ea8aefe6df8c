import { execFile, spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { inject } from "vitest";
import { authRoles } from "../../../domain/auth/roles.ts";
import { openDatabase, type DatabaseHandle } from "../../../server/db/client.ts";
import { createAccount } from "../../../server/accounts/create-account.ts";
import { createAuth } from "../../../server/auth/create-auth.ts";
import { revokeCreatedCredentials } from "../../../server/accounts/revoke-created-credentials.ts";
import { seedDemo } from "../../../server/demo/seed-demo.ts";
import { demoSampleDepsFor } from "../../../server/demo/demo-sample-deps.ts";
import { loadConfig } from "../../../server/config.ts";
import { defaultBrand } from "../../../domain/site/brand.ts";
import { builtServer, freePort } from "../../support/server-process.ts";
import { SmtpCatcher } from "../../support/smtp-catcher.ts";

export const demoPasswords = {
  admin: "e2e-admin-password",
  vendor: "e2e-vendor-password",
  staff: "e2e-staff-password",
};
export const unverifiedVendor = { email: "unverified@demo.example", password: "e2e-unverified-password" };

export type E2eServer = {
  url: string;
  smtp: SmtpCatcher;
  dataDir: string;
  output: () => string;
  /** Ends the server process abruptly, as a crash would. */
  kill(signal: NodeJS.Signals): void;
  /** Starts the server again on the same data and port (after kill). */
  restart(): Promise<void>;
  /** Stops the server process (PGlite allows one process) and opens its database for checks. */
  stopAndOpenDatabase(): Promise<DatabaseHandle>;
  /** Stops the server, changes its database (e.g. ages a session), and starts it again on the same port. */
  editDatabase(change: (database: DatabaseHandle) => Promise<unknown>): Promise<void>;
  stop(): Promise<void>;
};

const execFileAsync = promisify(execFile);
const authSecret = "e2e-secret-e2e-secret-e2e-secret-0001";

/** An empty embedded database with every migration applied (the global setup's, copied by the suites that seed the demo's samples). */
export async function migrateE2eDatabase(pgliteDir: string): Promise<void> {
  const database = await openDatabase({ driver: "pglite", dataDir: pgliteDir });
  await database.migrate();
  await database.close();
}

/** A copy of an embedded database's folder. cp(1): fs.cp's file-by-file copy of its 1,300 files took 0.55 s, cp 0.11 s. */
export async function copyDatabase(from: string, to: string): Promise<void> {
  await execFileAsync("cp", ["-R", from, to]);
}

/**
 * A migrated embedded database with the demo accounts (and an unverified vendor), seeded through
 * the same helpers as the demo. The browser projects' global setup makes one that every suite
 * copies (a fresh initdb and migration per suite cost seconds each).
 */
export async function seedE2eDatabase(
  pgliteDir: string,
  samples?: Parameters<typeof seedDemo>[3],
  afterSeed?: (database: DatabaseHandle) => Promise<unknown>,
): Promise<void> {
  const database = await openDatabase({ driver: "pglite", dataDir: pgliteDir });
  await database.migrate();
  // No link is mailed while seeding: the address only has to be well formed.
  const auth = createAuth({
    db: database.db,
    secret: authSecret,
    publicUrl: "http://localhost",
    brand: defaultBrand,
    revokeCreatedCredentials,
  });
  await seedDemo(database.db, auth, demoPasswords, samples);
  await createAccount(auth, {
    ...unverifiedVendor,
    name: "Unverified Vendor",
    role: authRoles.vendor,
    emailVerified: false,
  });
  await afterSeed?.(database);
  await database.close();
}

/** What a suite writes into its database before its server first starts (its url and data folder are known by then). */
export type BeforeStart = (database: DatabaseHandle, server: { url: string; dataDir: string }) => Promise<unknown>;

/**
 * The built app as a real process (server/main.ts, bundled) on a fresh embedded database, seeded through
 * the same helpers as the demo, mailing to a real SMTP server in this process. `beforeStart` writes a
 * suite's own rows first: one server start instead of a start, a stop and a start again (editDatabase),
 * 2.4-2.7 s each on a quiet machine (docs/quality.md).
 */
export async function startE2eServer(
  extraEnv: Record<string, string> = {},
  beforeStart?: BeforeStart,
): Promise<E2eServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "lender-e2e-"));
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const prepare = beforeStart && ((database: DatabaseHandle) => beforeStart(database, { url, dataDir }));

  if (extraEnv.SEED_DEMO === "true") {
    // As on a new user's machine, the demo comes with its sample data (main.ts's seed).
    const samples = await demoSampleDepsFor(
      loadConfig({
        ...process.env,
        NODE_ENV: "test",
        PUBLIC_URL: url,
        DATA_DIR: dataDir,
        AUTH_SECRET: authSecret,
        ...extraEnv,
      }),
    );
    await copyDatabase(inject("e2eMigratedTemplate"), path.join(dataDir, "pglite"));
    await seedE2eDatabase(path.join(dataDir, "pglite"), samples, prepare);
  } else {
    await copyDatabase(inject("e2eDatabaseTemplate"), path.join(dataDir, "pglite"));
    if (prepare) {
      const database = await openDatabase({ driver: "pglite", dataDir: path.join(dataDir, "pglite") });
      try {
        await prepare(database);
      } finally {
        await database.close();
      }
    }
  }

  const smtp = await new SmtpCatcher().start();
  let output = "";
  const env = {
    ...process.env,
    NODE_ENV: "test",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    AUTH_SECRET: authSecret,
    SMTP_URL: smtp.url,
    MAIL_POLL_MS: "200",
    SEED_DEMO: "false",
    STAFF_2FA_REQUIRED: "false",
    // Every browser of a suite (staff, vendor, applicant) comes from the one loopback address, and a
    // deal page's revalidation is several requests: 300 a minute ran out in the deal page's suite.
    RATE_LIMIT_MAX: "3000",
    ...extraEnv,
  };

  const spawnServer = async (): Promise<ChildProcess> => {
    const started = spawn(process.execPath, builtServer(), { env, stdio: ["ignore", "pipe", "pipe"] });
    started.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    started.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (started.exitCode !== null) throw new Error(`server exited early:\n${output}`);
      try {
        if ((await fetch(`${url}/api/health`)).ok) return started;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`server did not start within 60 s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  let child = await spawnServer();

  const stopProcess = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  };
  let opened: DatabaseHandle | null = null;
  return {
    url,
    smtp,
    dataDir,
    output: () => output,
    kill(signal) {
      child.kill(signal);
    },
    async restart() {
      if (child.exitCode === null && child.signalCode === null)
        await new Promise((resolve) => child.once("exit", resolve));
      child = await spawnServer();
    },
    async editDatabase(change) {
      await stopProcess();
      const database = await openDatabase({ driver: "pglite", dataDir: path.join(dataDir, "pglite") });
      try {
        await change(database);
      } finally {
        await database.close();
      }
      child = await spawnServer();
    },
    async stopAndOpenDatabase() {
      await stopProcess();
      opened = await openDatabase({ driver: "pglite", dataDir: path.join(dataDir, "pglite") });
      return opened;
    },
    async stop() {
      await stopProcess();
      await opened?.close();
      await smtp.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
