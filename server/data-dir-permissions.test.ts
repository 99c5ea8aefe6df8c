import { chmod, mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { composeServer, type Server } from "./compose-server.ts";
import { loadConfig } from "./config.ts";

const mode = async (file: string) => ((await stat(file)).mode & 0o777).toString(8);
const compose = (dataDir: string) =>
  composeServer(loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "silent" }), { onWarning: () => {} });

describe("the data folder", () => {
  let root: string;
  let dataDir: string;
  let server: Server | undefined;
  let umask: number;
  beforeAll(async () => {
    // A process that would create everything open to everyone.
    umask = process.umask(0);
    root = await mkdtemp(path.join(tmpdir(), "data-dir-"));
    dataDir = path.join(root, "data");
    server = await compose(dataDir);
    await server.app.ready();
  });
  afterAll(async () => {
    await server?.app.close();
    await server?.database.close();
    process.umask(umask);
    await rm(root, { recursive: true, force: true });
  });

  const expectClosed = async () => {
    expect(await mode(dataDir)).toBe("700");
    for (const folder of ["keys", "files", "pglite"])
      expect(await mode(path.join(dataDir, folder)), folder).toBe("700");
    const keys = await readdir(path.join(dataDir, "keys"));
    expect(keys.sort()).toEqual(["auth-secret", "data-encryption-key"]);
    for (const key of keys) expect(await mode(path.join(dataDir, "keys", key)), key).toBe("600");
  };

  it("is closed to other users, with its keys, files and embedded database, whatever the umask", async () => {
    await expectClosed();
  });

  it("keeps uploaded files and their folders to the server's user", async () => {
    await server!.app.storage.put("deals/some-deal/scan.pdf", Readable.from(["%PDF"]), "application/pdf");
    expect(await mode(path.join(dataDir, "files", "deals"))).toBe("700");
    expect(await mode(path.join(dataDir, "files", "deals", "some-deal"))).toBe("700");
    expect(await mode(path.join(dataDir, "files", "deals", "some-deal", "scan.pdf"))).toBe("600");
  });

  it("is closed again at start when an earlier release left it open", async () => {
    await server!.app.close();
    await server!.database.close();
    server = undefined;
    for (const folder of ["", "keys", "files", "pglite"]) await chmod(path.join(dataDir, folder), 0o755);
    for (const key of ["auth-secret", "data-encryption-key"]) await chmod(path.join(dataDir, "keys", key), 0o644);
    server = await compose(dataDir);
    await expectClosed();
  });
});
