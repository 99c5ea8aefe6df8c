import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRoles } from "#domain/auth/roles.ts";
import { adminQuery, databaseUrl } from "../../tests/support/database-global-setup.ts";
import { multipartBody, samplePdf } from "../../tests/support/multipart.ts";
import { signIn, testOrigin } from "../../tests/support/test-server.ts";
import { createVendor } from "../../tests/support/vendor-fixtures.ts";
import { sampleNewDealFields } from "../demo/sample-requests.ts";
import { composeServer, type Server } from "../compose-server.ts";
import { loadConfig } from "../config.ts";
import { createAccount } from "../accounts/create-account.ts";
import { openDatabase } from "./client.ts";

// DATABASE_READ_URL: the vendor list and the dashboards read the replica; everything else, and
// every write, the primary. A "replica" here is a second database frozen at the migrated schema,
// so a read that went to it shows none of what was written since: the routing is visible.

const url = process.env.TEST_DATABASE_URL;
if (!url) console.warn("read-replica.test.ts skipped: it needs PostgreSQL (TEST_DATABASE_URL), as on CI.");
const suffix = randomBytes(5).toString("hex");
const names = { primary: `lender_primary_${suffix}`, replica: `lender_replica_${suffix}` };
let server: Server | undefined;
let dataDir = "";

beforeAll(async () => {
  if (!url) return;
  await adminQuery(url, `CREATE DATABASE ${names.primary}`);
  const migrating = await openDatabase({ driver: "postgres", url: databaseUrl(url, names.primary) });
  await migrating.migrate();
  await migrating.close();
  await adminQuery(url, `CREATE DATABASE ${names.replica} TEMPLATE ${names.primary}`);
  dataDir = await mkdtemp(path.join(tmpdir(), "lender-replica-"));
  const config = loadConfig({
    NODE_ENV: "test",
    PUBLIC_URL: testOrigin,
    DATA_DIR: dataDir,
    AUTH_SECRET: "test-secret-test-secret-test-secret-42",
    DATABASE_URL: databaseUrl(url, names.primary),
    DATABASE_READ_URL: databaseUrl(url, names.replica),
  });
  server = await composeServer(config, { logStream: new PassThrough(), onWarning: () => {} });
  await server.app.ready();
});

afterAll(async () => {
  await server?.app.close();
  await server?.database.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  if (url)
    for (const name of Object.values(names)) await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

describe.skipIf(!url)("a read replica (DATABASE_READ_URL)", () => {
  it("serves the vendor list and the dashboard from the replica, the deal list, sign-in and writes from the primary", async () => {
    const { app, database, auth } = server!;
    const vendor = await createVendor(database, auth, "Replica Rigs");
    await createAccount(auth, {
      email: "admin@replica.example",
      name: "A",
      role: authRoles.admin,
      password: "admin-password-1",
      emailVerified: true,
    });
    const vendorCookie = (await signIn(app, vendor.email, vendor.password)).cookie;
    const adminCookie = (await signIn(app, "admin@replica.example", "admin-password-1")).cookie;
    const upload = multipartBody({ deal: JSON.stringify(sampleNewDealFields({ businessName: "REPLICA PAVING" })) }, [
      { field: "client-info", name: "a.pdf", content: samplePdf },
    ]);
    const created = await app.inject({
      method: "POST",
      url: "/api/portal/deals",
      payload: upload.payload,
      headers: { cookie: vendorCookie, origin: testOrigin, "content-type": upload.contentType },
    });
    expect(created.statusCode).toBe(201);

    const list = (await app.inject({ url: "/api/portal/deals?month=all", headers: { cookie: vendorCookie } })).json();
    expect(list.deals.map((deal: { businessName: string }) => deal.businessName)).toEqual(["REPLICA PAVING"]);
    const dashboard = (
      await app.inject({ url: "/api/portal/dashboard?month=all", headers: { cookie: vendorCookie } })
    ).json();
    expect(dashboard.applications).toBe(0);
    const vendors = (await app.inject({ url: "/api/back-office/vendors", headers: { cookie: adminCookie } })).json();
    expect(JSON.stringify(vendors)).not.toContain("Replica Rigs");
    expect((await app.inject({ url: "/api/back-office/deals", headers: { cookie: adminCookie } })).body).toContain(
      "REPLICA PAVING",
    );
  });
});
