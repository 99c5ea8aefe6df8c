import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalFileStorage } from "./local-file-storage.ts";

describe("local file storage", () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "storage-"));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it("streams a file in and out, then deletes it", async () => {
    const storage = createLocalFileStorage(root);
    const { size } = await storage.put("deals/abc/file-1", Readable.from(["hello ", "world"]), "text/plain");
    expect(size).toBe(11);
    expect(await text(await storage.get("deals/abc/file-1"))).toBe("hello world");
    await storage.delete("deals/abc/file-1");
    expect(await storage.exists("deals/abc/file-1")).toBe(false);
  });

  it("leaves no partial file when the upload stream breaks", async () => {
    const storage = createLocalFileStorage(root);
    const broken = new Readable({
      read() {
        this.push("partial data");
        this.destroy(new Error("connection reset"));
      },
    });
    await expect(storage.put("deals/broken/file", broken, "text/plain")).rejects.toThrow("connection reset");
    expect(await storage.exists("deals/broken/file")).toBe(false);
    expect(await readdir(path.join(root, "deals/broken"))).toEqual([]);
  });

  it("answers a key with nothing stored as not found (404), and deleting it is harmless", async () => {
    const storage = createLocalFileStorage(root);
    await expect(storage.get("deals/none/file")).rejects.toMatchObject({ code: "NOT_FOUND", status: 404 });
    expect(await storage.exists("deals/none/file")).toBe(false);
    await expect(storage.delete("deals/none/file")).resolves.toBeUndefined();
  });

  it("never follows a link planted under the root: a linked file or folder is refused, not read, listed or written through", async () => {
    const storage = createLocalFileStorage(root);
    const keys = path.join(root, "..", `keys-${path.basename(root)}`);
    await mkdir(keys, { recursive: true });
    await writeFile(path.join(keys, "data-encryption-key"), "secret\n");
    try {
      await mkdir(path.join(root, "deals/linked"), { recursive: true });
      await symlink(path.join(keys, "data-encryption-key"), path.join(root, "deals/linked/file"));
      await symlink(keys, path.join(root, "deals/keys"));

      await expect(storage.get("deals/linked/file")).rejects.toThrow("symbolic link");
      await expect(storage.get("deals/keys/data-encryption-key")).rejects.toThrow("symbolic link");
      expect(await storage.exists("deals/linked/file")).toBe(false);
      await expect(storage.exists("deals/keys/data-encryption-key")).rejects.toThrow("symbolic link");
      await expect(storage.put("deals/keys/planted", Readable.from(["x"]), "text/plain")).rejects.toThrow(
        "symbolic link",
      );
      await expect(storage.delete("deals/keys/data-encryption-key")).rejects.toThrow("symbolic link");
      const listed: string[] = [];
      for await (const file of storage.list("deals/")) listed.push(file.key);
      expect(listed.filter((key) => key.startsWith("deals/linked") || key.startsWith("deals/keys"))).toEqual([]);
      expect(await readdir(keys)).toEqual(["data-encryption-key"]);
      expect(await readFile(path.join(keys, "data-encryption-key"), "utf8")).toBe("secret\n");

      // Storing a file over a planted link replaces the link, never writes into its target.
      await storage.put("deals/linked/file", Readable.from(["document"]), "application/pdf");
      expect(await text(await storage.get("deals/linked/file"))).toBe("document");
      expect(await readFile(path.join(keys, "data-encryption-key"), "utf8")).toBe("secret\n");
    } finally {
      await rm(keys, { recursive: true, force: true });
    }
  });

  it.each(["../etc/passwd", "/abs/path", "a/../../b", "a//b", ""])("refuses the unsafe key %j", async (key) => {
    const storage = createLocalFileStorage(root);
    await expect(storage.put(key, Readable.from(["x"]), "text/plain")).rejects.toThrow("Unsafe storage key");
  });
});
