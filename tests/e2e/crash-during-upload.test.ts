import http from "node:http";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deal } from "../../server/deals/tables.ts";
import { sweepOrphanUploads } from "../../server/retention/sweep-orphan-uploads.ts";
import { createLocalFileStorage } from "../../server/shared/storage/local-file-storage.ts";
import { multipartBody, samplePdf } from "../support/multipart.ts";
import { sampleNewDealFields } from "../../server/demo/sample-requests.ts";
import { demoPasswords, startE2eServer, type E2eServer } from "./support/e2e-server.ts";

let server: E2eServer;
beforeAll(async () => {
  server = await startE2eServer();
});
afterAll(() => server?.stop());

async function vendorCookie(url: string) {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ email: "vendor@demo.example", password: demoPasswords.vendor }),
  });
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

describe("a server killed during a deal submission", () => {
  it("leaves no deal, the retry succeeds after a restart, and the sweep removes what the crash left", async () => {
    const cookie = await vendorCookie(server.url);
    const fields = sampleNewDealFields({ businessName: "crash test" });
    const body = multipartBody({ deal: JSON.stringify(fields) }, [
      { field: "client-info", name: "application.pdf", content: samplePdf },
      {
        field: "additional-1",
        name: "big.pdf",
        content: Buffer.concat([samplePdf, Buffer.alloc(8 * 1024 * 1024, 65)]),
      },
    ]);
    const { port } = new URL(server.url);
    await new Promise<void>((resolve) => {
      const request = http.request({
        port,
        method: "POST",
        path: "/api/portal/deals",
        headers: {
          cookie,
          origin: server.url,
          "content-type": body.contentType,
          "content-length": body.payload.length,
        },
      });
      request.on("error", () => resolve());
      request.write(body.payload.subarray(0, 4 * 1024 * 1024), () => {
        setTimeout(() => {
          server.kill("SIGKILL");
          resolve();
        }, 200);
      });
    });
    await server.restart();

    const retry = multipartBody({ deal: JSON.stringify(fields) }, [
      { field: "client-info", name: "application.pdf", content: samplePdf },
    ]);
    const fresh = await vendorCookie(server.url);
    const retried = await fetch(`${server.url}/api/portal/deals`, {
      method: "POST",
      headers: { cookie: fresh, origin: server.url, "content-type": retry.contentType },
      body: retry.payload,
    });
    expect(retried.status).toBe(201);

    const database = await server.stopAndOpenDatabase();
    const deals = await database.db.select().from(deal);
    expect(deals.filter((row) => row.businessName === "CRASH TEST")).toHaveLength(1);
    const files = async () =>
      (await readdir(path.join(server.dataDir, "files"), { recursive: true, withFileTypes: true })).filter((entry) =>
        entry.isFile(),
      );
    // The crash left the first document and a partial second one beside the retry's document.
    expect((await files()).length).toBeGreaterThan(1);
    const storage = createLocalFileStorage(path.join(server.dataDir, "files"));
    expect(await sweepOrphanUploads(database.db, storage, 60 * 60 * 1000)).toBe(0);
    await sweepOrphanUploads(database.db, storage, 0);
    expect(await files()).toHaveLength(1);
  });
});
