import { readdirSync } from "node:fs";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The import rules of the server's subject folders (eslint.config.js, docs/decisions/0021-subject-folders.md),
 * run through ESLint's API on snippets: only the import-x rules, without type information (the files are not on disk).
 */
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId.startsWith("import-x/"),
});

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

describe("server layers", { timeout: 30_000 }, () => {
  it("refuses a subject imported from server/shared", async () => {
    expect(
      await problems(
        "server/shared/layer-probe.ts",
        'import { leadStatus } from "../leads/tables.ts";\nexport const probe = leadStatus;\n',
      ),
    ).toEqual([
      expect.stringMatching(
        /^import-x\/no-restricted-paths: .*server\/shared holds building blocks: it imports no subject folder/,
      ),
    ]);
  });

  it("refuses an import of a higher layer, which would close a loop between folders", async () => {
    // accounts imports auth (create-auth.ts): auth importing accounts would make the two a loop.
    expect(
      await problems(
        "server/auth/layer-probe.ts",
        'import { createAccount } from "../accounts/create-account.ts";\nexport const probe = createAccount;\n',
      ),
    ).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*server\/auth is in layer \d+ of serverLayers/),
    ]);
  });

  it("refuses an import between two folders of the same layer", async () => {
    expect(
      await problems(
        "server/calculator/layer-probe.ts",
        'import { pickedOption } from "../questionnaire/tables.ts";\nexport const probe = pickedOption;\n',
      ),
    ).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*server\/calculator is in layer/)]);
  });

  it("accepts imports of lower layers, shared and the framework files", async () => {
    const code = [
      'import { user } from "../auth/tables.ts";',
      'import { AppError } from "../shared/errors.ts";',
      'import type { Database } from "../db/client.ts";',
      "export const probe = [user, AppError] as unknown as Database;",
      "",
    ].join("\n");
    expect(await problems("server/leads/layer-probe.ts", code)).toEqual([]);
  });

  it("refuses server/db/schema.ts outside the drizzle client", async () => {
    expect(
      await problems(
        "server/leads/layer-probe.ts",
        'import * as schema from "../db/schema.ts";\nexport const probe = schema;\n',
      ),
    ).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*server\/db\/schema.ts only composes them for drizzle/),
    ]);
    expect(
      await problems(
        "scripts/operator/layer-probe.ts",
        'import * as schema from "../../server/db/schema.ts";\nexport const probe = schema;\n',
      ),
    ).toHaveLength(1);
  });

  it("refuses a file-level import cycle", async () => {
    // end-sign-ins.ts imports tables.ts: tables.ts importing it back is a cycle.
    const code = 'import { endSignIns } from "./end-sign-ins.ts";\nexport const probe = endSignIns;\n';
    expect(await problems("server/auth/tables.ts", code)).toEqual([
      expect.stringMatching(/^import-x\/no-cycle: Dependency cycle/),
    ]);
  });

  it("places every subject folder of server/ in a layer", async () => {
    const config = (await eslint.calculateConfigForFile("server/leads/layer-probe.ts")) as {
      rules: Record<string, [unknown, { zones: { target: string; from: string[] }[] }]>;
    };
    const zones = config.rules["import-x/no-restricted-paths"]![1].zones;
    const layered = new Set(
      zones.flatMap((zone) => [zone.target, ...[zone.from].flat()]).map((path) => path.replace(/^\.\/server\//, "")),
    );
    const framework = ["db", "plugins", "shared"];
    const folders = readdirSync("server", { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !framework.includes(entry.name))
      .map((entry) => entry.name);
    expect(folders.filter((folder) => !layered.has(folder))).toEqual([]);
  });
});
