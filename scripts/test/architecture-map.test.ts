import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { auditActions } from "../../domain/audit/audit-actions.ts";
import * as schema from "../../server/db/schema.ts";

// docs/ARCHITECTURE.md is the map of the repository as it is: this suite fails when a subject
// folder, plugin, job, table or audit action is missing from it, or when it names a file that is not there.

const root = path.join(import.meta.dirname, "../..");
const map = readFileSync(path.join(root, "docs/ARCHITECTURE.md"), "utf8");
const serverFiles = readdirSync(path.join(root, "server"), { recursive: true, encoding: "utf8" }).filter(
  (file) => file.endsWith(".ts") && !file.endsWith(".test.ts"),
);

/** Folders of server/ that are not subjects: the framework's own. */
const frameworkFolders = ["db", "plugins"];

describe("docs/ARCHITECTURE.md", () => {
  it("names every subject folder of the server", () => {
    const folders = readdirSync(path.join(root, "server"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !frameworkFolders.includes(entry.name))
      .map((entry) => `server/${entry.name}/`);
    expect(folders.length).toBeGreaterThan(10);
    expect(folders.filter((folder) => !map.includes(folder))).toEqual([]);
  });

  it("names every plugin and every job", () => {
    const plugins = serverFiles.filter((file) => file.startsWith("plugins/") || file.endsWith("-plugin.ts"));
    // A job runs on a timer, on every server: its module is named for what it does to the backlog.
    const jobs = serverFiles.filter((file) => /^(deliver|purge|sweep)-/.test(path.basename(file)));
    expect(plugins.length).toBeGreaterThan(5);
    expect(jobs.length).toBeGreaterThan(3);
    expect([...plugins, ...jobs].filter((file) => !map.includes(`server/${file}`))).toEqual([]);
  });

  it("names every table", () => {
    const tables = Object.values(schema as Record<string, unknown>)
      .filter((value): value is PgTable => is(value, PgTable))
      .map((table) => getTableName(table));
    expect(tables.length).toBeGreaterThan(40);
    expect(tables.filter((table) => !map.includes(`\`${table}\``))).toEqual([]);
  });

  it("names every audit action", () => {
    expect(Object.keys(auditActions).filter((action) => !map.includes(`\`${action}\``))).toEqual([]);
  });

  it("names no file or folder that is not there", () => {
    const named = [
      ...map.matchAll(/(?<![\w./-])((?:app|server|domain|docs|scripts|tests|drizzle)\/[\w./-]*[\w/])/g),
    ].map((match) => match[1]!);
    expect(named.length).toBeGreaterThan(100);
    const screens = [...map.matchAll(/`((?:features|routes)\/[\w./-]*[\w/])`/g)].map((match) => `app/${match[1]!}`);
    expect([...new Set([...named, ...screens])].filter((file) => !existsSync(path.join(root, file)))).toEqual([]);
  });
});
