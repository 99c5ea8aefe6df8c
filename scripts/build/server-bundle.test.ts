import path from "node:path";
import { describe, expect, it } from "vitest";
import { relocateImportMeta } from "./server-bundle.ts";

describe("relocateImportMeta: a bundled module still names its source file's place", () => {
  const bundleDir = "/srv/app/build/server";
  const source = "/srv/app/server/db/client.ts";
  const run = (code: string, bundleUrl: string) => new Function("bundleUrl", `return ${code.replaceAll("import.meta.url", "bundleUrl")}`)(bundleUrl) as string;

  it("points url, dirname and filename at the source file, resolved from wherever the bundle is", () => {
    for (const root of ["/srv/app", "/moved/elsewhere"]) {
      const bundleUrl = `file://${root}/build/server/main.mjs`;
      expect(run(relocateImportMeta("import.meta.url", source, bundleDir), bundleUrl)).toBe(`file://${root}/server/db/client.ts`);
      expect(run(relocateImportMeta("import.meta.dirname", source, bundleDir), bundleUrl)).toBe(`${root}/server/db`);
      expect(run(relocateImportMeta("import.meta.filename", source, bundleDir), bundleUrl)).toBe(`${root}/server/db/client.ts`);
    }
  });

  it("rewrites every use once, and leaves a longer name alone", () => {
    const code = relocateImportMeta("f(import.meta.dirname, import.meta.url); import.meta.urlish; import.meta.env", source, bundleDir);
    expect(code.match(/import\.meta\.url/g)).toHaveLength(3);
    expect(code).toContain("import.meta.urlish");
    expect(code).toContain("import.meta.env");
    expect(code).not.toContain("import.meta.dirname");
  });

  it("keeps a path with spaces readable", () => {
    const spaced = path.join("/srv/my app/server/plugins", "api-docs.ts");
    const bundleUrl = "file:///srv/my%20app/build/server/main.mjs";
    expect(run(relocateImportMeta("import.meta.dirname", spaced, "/srv/my app/build/server"), bundleUrl)).toBe("/srv/my app/server/plugins");
  });
});
