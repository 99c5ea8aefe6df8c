import { randomUUID } from "node:crypto";
import { rm } from "node:fs/promises";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../tests/support/test-database.ts";
import { loopbackAddress, startTestServer, testOrigin, type TestServer } from "../../tests/support/test-server.ts";

// Liveness and readiness apart: live answers whatever the database does; ready needs the database
// and this release's schema. Neither shows a count (the outbox backlog is on /metrics and the back office).

let server: TestServer;
let databaseClosed = false;

beforeAll(async () => {
  server = await startTestServer(); // no SMTP_URL: mail stays pending
});
afterAll(async () => {
  if (!databaseClosed) return server?.close();
  await server.app.close();
  await rm(server.config.dataDir, { recursive: true, force: true });
});

const ready = () => server.app.inject("/api/health/ready");

describe("health endpoints", () => {
  it("answers liveness without the database", async () => {
    const response = await server.app.inject("/api/health/live");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
  });

  it("is ready with the database up to date, whatever the outbox holds, and shows no count of it", async () => {
    const lead = {
      nameOfBusiness: "Acme",
      nameUser: "Lee",
      emailUser: "lee@acme.example",
      subjectUser: "Hello",
      idempotencyKey: randomUUID(),
    };
    const posted = await server.app.inject({
      method: "POST",
      url: "/api/leads/footer-message",
      payload: lead,
      remoteAddress: loopbackAddress(),
      headers: { origin: testOrigin },
    });
    expect(posted.statusCode).toBe(201);
    await server.database.db.execute(sql`update mail_outbox set created_at = now() - interval '2 hours'`);
    const response = await ready();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ready", database: "ok", pendingMigrations: [] });
  });

  it("is not ready while a migration of this release is pending", async () => {
    const [newest] = await queryRows<{ id: number; hash: string; created_at: string }>(
      server.database.db,
      sql`select id, hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    const pending = await server.database.pendingMigrations();
    expect(pending).toEqual([]);
    await server.database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest!.id}`);
    try {
      const response = await ready();
      expect(response.statusCode).toBe(503);
      const body = response.json();
      expect(body).toMatchObject({ status: "not-ready", database: "ok" });
      expect(body.pendingMigrations).toHaveLength(1);
      // Liveness and the load balancers' /api/health are not about the schema.
      expect((await server.app.inject("/api/health/live")).statusCode).toBe(200);
      expect((await server.app.inject("/api/health")).statusCode).toBe(200);
    } finally {
      await server.database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest!.id}, ${newest!.hash}, ${newest!.created_at}::bigint)`,
      );
    }
    expect((await ready()).statusCode).toBe(200);
  });

  it("is not ready when the database is down, and still alive", async () => {
    await server.database.close();
    databaseClosed = true;
    const response = await ready();
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: "not-ready", database: "down", pendingMigrations: null });
    expect((await server.app.inject("/api/health")).statusCode).toBe(503);
    const live = await server.app.inject("/api/health/live");
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: "ok" });
  });
});
