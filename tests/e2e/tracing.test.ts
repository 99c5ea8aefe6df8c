import { randomBytes, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tracingWanted } from "../../server/tracing-wanted.ts";
import { freePort, startServerProcess, type ServerProcess } from "../support/server-process.ts";
import { SmtpCatcher } from "../support/smtp-catcher.ts";

// Optional traces (docs/deploy.md, Traces): the real server started through server/start.ts (its bundle), an
// OTLP/HTTP collector of this test's (http/json), a real SMTP server and a fresh PostgreSQL database.
const postgresUrl = process.env.TEST_DATABASE_URL;
if (!postgresUrl)
  console.warn(
    "tests/e2e/tracing.test.ts: the server tests are skipped because TEST_DATABASE_URL is not set (pg spans need a real PostgreSQL).",
  );

const watchImports = `--import=${path.resolve("tests/support/report-opentelemetry-imports.mjs")}`;
const version = (JSON.parse(readFileSync("package.json", "utf8")) as { version: string }).version;

describe("tracingWanted: traces only with an OTLP endpoint", () => {
  it("is off without the variables, on with either endpoint, and off again when disabled", () => {
    expect(tracingWanted({})).toBe(false);
    expect(tracingWanted({ OTEL_SERVICE_NAME: "x", OTEL_EXPORTER_OTLP_ENDPOINT: " " })).toBe(false);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" })).toBe(true);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://collector:4318/v1/traces" })).toBe(true);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318", OTEL_SDK_DISABLED: "TRUE" })).toBe(
      false,
    );
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318", OTEL_TRACES_EXPORTER: "none" })).toBe(
      false,
    );
  });
});

type AnyValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean };
type ExportedSpan = { name: string; kind: number; attributes?: { key: string; value: AnyValue }[] };
type ExportRequest = {
  resourceSpans: {
    resource: { attributes: { key: string; value: AnyValue }[] };
    scopeSpans: { scope: { name: string }; spans: ExportedSpan[] }[];
  }[];
};

/** An OTLP/HTTP (http/json) receiver: keeps every body posted to /v1/traces. */
async function startCollector(): Promise<{ url: string; bodies: string[]; close(): Promise<void> }> {
  const bodies: string[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (request.method === "POST" && request.url === "/v1/traces")
        bodies.push(Buffer.concat(chunks).toString("utf8"));
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    bodies,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function value(attribute: AnyValue | undefined): string | number | boolean | undefined {
  if (!attribute) return undefined;
  return attribute.stringValue ?? (attribute.intValue === undefined ? attribute.boolValue : Number(attribute.intValue));
}

function spansOf(bodies: string[]) {
  return bodies.flatMap((body) =>
    (JSON.parse(body) as ExportRequest).resourceSpans.flatMap((resourceSpan) =>
      resourceSpan.scopeSpans.flatMap((scopeSpan) =>
        scopeSpan.spans.map((span) => ({
          name: span.name,
          scope: scopeSpan.scope.name,
          resource: Object.fromEntries(
            resourceSpan.resource.attributes.map((attribute) => [attribute.key, value(attribute.value)]),
          ),
          attributes: Object.fromEntries(
            (span.attributes ?? []).map((attribute) => [attribute.key, value(attribute.value)]),
          ),
        })),
      ),
    ),
  );
}

function importsOf(server: ServerProcess): string[] {
  return [...server.output().matchAll(/\[opentelemetry import\] (\S+)/g)].map((match) => match[1]!);
}

describe.skipIf(!postgresUrl)("traces over OTLP (PostgreSQL, SMTP)", () => {
  const database = `lender_tracing_${randomBytes(5).toString("hex")}`;
  const smtp = new SmtpCatcher();
  const dataDirs: string[] = [];
  const servers: ServerProcess[] = [];

  async function admin(statement: string) {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  }

  async function start(env: Record<string, string>): Promise<ServerProcess> {
    const dataDir = await mkdtemp(path.join(tmpdir(), "tracing-"));
    dataDirs.push(dataDir);
    const port = await freePort();
    const databaseUrl = new URL(postgresUrl!);
    databaseUrl.pathname = `/${database}`;
    const server = startServerProcess(
      port,
      {
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl.toString(),
        AUTH_SECRET: "tracing-secret-tracing-secret-tracing-0001",
        SMTP_URL: smtp.url,
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} ${watchImports}`.trim(),
        ...env,
      },
      { entry: "start" },
    );
    servers.push(server);
    await server.healthy();
    return server;
  }

  /** A footer message with values that must never be exported; resolves once its mail went out. */
  async function postLead(server: ServerProcess, secrets: { email: string; name: string; message: string }) {
    const response = await fetch(`${server.url}/api/leads/footer-message`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({
        nameOfBusiness: "",
        nameUser: secrets.name,
        emailUser: secrets.email,
        subjectUser: secrets.message,
        idempotencyKey: randomUUID(),
      }),
    });
    expect(response.status).toBe(201);
    await smtp.waitFor((mail) => mail.body.includes(secrets.message));
  }

  beforeAll(async () => {
    await admin(`create database ${database}`);
    await smtp.start();
  });

  afterAll(async () => {
    for (const server of servers)
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGKILL");
    await smtp.stop();
    await admin(`drop database if exists ${database} with (force)`).catch(() => undefined);
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  });

  it("exports HTTP spans named by the route pattern, pg and smtp send spans, flushed on SIGTERM, with no query string, token, address or message text", async () => {
    const collector = await startCollector();
    try {
      const server = await start({
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
        OTEL_SERVICE_NAME: "lender-site-under-test",
        // No scheduled export within the test: what arrives was flushed when the server closed.
        OTEL_BSP_SCHEDULE_DELAY: "600000",
      });
      const secrets = {
        email: `trace-${randomBytes(4).toString("hex")}@example.test`,
        name: `Tracy ${randomBytes(4).toString("hex")}`,
        message: `Private message ${randomBytes(6).toString("hex")}`,
      };
      const tokens = [
        randomBytes(12).toString("hex"),
        randomBytes(12).toString("hex"),
        randomBytes(12).toString("hex"),
      ];
      await postLead(server, secrets);
      // A reset link of the form mailed before the token moved to the fragment (404): its token in the path and more in
      // the query.
      const reset = await fetch(
        `${server.url}/api/auth/reset-password/${tokens[0]}?callbackURL=%2Freset-password&token=${tokens[1]}`,
        { redirect: "manual" },
      );
      await reset.body?.cancel();
      expect(reset.status).toBeLessThan(500);
      expect((await fetch(`${server.url}/api/health?token=${tokens[2]}`)).status).toBe(200);
      expect(collector.bodies).toEqual([]);

      expect(await server.stop()).toBe(0);
      const spans = spansOf(collector.bodies);
      const names = spans.map((span) => span.name);

      const lead = spans.find((span) => span.name === "POST /api/leads/footer-message");
      expect(lead, names.join(", ")).toBeDefined();
      expect(lead!.attributes).toMatchObject({
        "http.route": "/api/leads/footer-message",
        "url.path": "/api/leads/footer-message",
        "http.response.status_code": 201,
      });
      expect(lead!.resource).toMatchObject({ "service.name": "lender-site-under-test", "service.version": version });
      const resetSpan = spans.find((span) => span.name === "GET /api/auth/reset-password/:token");
      expect(resetSpan, names.join(", ")).toBeDefined();
      expect(resetSpan!.attributes["url.path"]).toBe("/api/auth/reset-password/:token");
      expect(names).toContain("GET /api/health");

      const queries = spans.filter(
        (span) =>
          span.scope === "@opentelemetry/instrumentation-pg" && typeof span.attributes["db.query.text"] === "string",
      );
      expect(queries.length, names.join(", ")).toBeGreaterThan(0);
      expect(queries.some((span) => /insert into/i.test(String(span.attributes["db.query.text"])))).toBe(true);

      const send = spans.find((span) => span.name === "smtp send");
      expect(send, names.join(", ")).toBeDefined();
      expect(send!.attributes).toMatchObject({ "lender.mail.attempt": 1 });
      expect(send!.attributes["lender.mail.outbox_id"]).toMatch(/^[0-9a-f-]{36}$/);

      const payload = collector.bodies.join("\n");
      console.warn(
        JSON.stringify(
          spans.map((s) => [s.name, s.attributes]),
          null,
          1,
        ),
      );
      for (const secret of [
        ...tokens,
        secrets.email,
        secrets.name,
        secrets.message,
        "example.test",
        "callbackURL",
        "token=",
      ])
        expect(payload).not.toContain(secret);
      expect(spans.filter((span) => "url.query" in span.attributes)).toEqual([]);

      // The positive control of the import watcher the next test relies on.
      expect(importsOf(server)).toEqual(
        expect.arrayContaining([
          "@opentelemetry/sdk-trace-node",
          "@opentelemetry/instrumentation-pg",
          "@opentelemetry/api",
        ]),
      );
    } finally {
      await collector.close();
    }
  });

  it("without the variables the server imports no OpenTelemetry module, not even while it sends mail", async () => {
    const server = await start({ OTEL_EXPORTER_OTLP_ENDPOINT: "", OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "" });
    await postLead(server, {
      email: "plain@example.test",
      name: "Plain",
      message: `Untraced ${randomBytes(6).toString("hex")}`,
    });
    expect(await server.stop()).toBe(0);
    expect(importsOf(server)).toEqual([]);
    expect(server.output()).not.toMatch(/opentelemetry/i);
  });
});
