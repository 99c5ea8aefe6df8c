import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import type { FastifyInstance } from "fastify";
import { composeServer } from "../../server/compose-server.ts";
import { loadConfig, type Config } from "../../server/config.ts";
import type { DatabaseHandle } from "../../server/db/client.ts";
import type { Auth } from "../../server/auth/create-auth.ts";
import type { FieldCipher } from "../../server/shared/crypto/field-cipher.ts";
import { openTestDatabase } from "./test-database.ts";

export const testOrigin = "http://localhost:3999";

export type TestServer = {
  app: FastifyInstance;
  database: DatabaseHandle;
  auth: Auth;
  cipher: FieldCipher;
  config: Config;
  /** Everything the server logged, for checks that secrets never reach the logs. */
  logs: () => string;
  close(): Promise<void>;
};

/** The real app (routes, plugins, auth) on a test database, driven with app.inject. */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "lender-data-"));
  const config = loadConfig({
    NODE_ENV: "test",
    PUBLIC_URL: testOrigin,
    DATA_DIR: dataDir,
    LOG_LEVEL: "info",
    AUTH_SECRET: "test-secret-test-secret-test-secret-42",
    MAIL_POLL_MS: "100",
    MAIL_RETRY_BASE_MS: "100",
    ...env,
  });
  const database = await openTestDatabase();
  const logStream = new PassThrough();
  let logText = "";
  logStream.on("data", (chunk: Buffer) => (logText += chunk.toString("utf8")));
  const { app, auth, cipher } = await composeServer(config, { database, logStream, onWarning: () => {} });
  await app.ready();
  return {
    app,
    database,
    auth,
    cipher,
    config,
    logs: () => logText,
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Cookie header value from a response's Set-Cookie headers. */
export function cookiesFrom(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((cookie) => cookie.split(";")[0]).join("; ");
}

/** A loopback address of its own, so per-address rate limits don't couple unrelated tests. */
export function loopbackAddress(): string {
  const byte = () => 1 + Math.floor(Math.random() * 254);
  return `127.${byte()}.${byte()}.${byte()}`;
}

export async function signIn(app: FastifyInstance, email: string, password: string, remoteAddress = loopbackAddress()) {
  const response = await app.inject({
    method: "POST",
    remoteAddress,
    url: "/api/auth/sign-in/email",
    headers: { origin: testOrigin, "content-type": "application/json" },
    payload: { email, password },
  });
  return { response, cookie: cookiesFrom(response.headers["set-cookie"]) };
}
