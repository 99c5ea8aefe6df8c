import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { ensureChromium } from "../../scripts/test/ensure-chromium.ts";
import { bundleServer } from "../../scripts/build/server-bundle.ts";
import { copyDatabase, migrateE2eDatabase, seedE2eDatabase } from "./support/e2e-server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    e2eDatabaseTemplate: string;
    e2eMigratedTemplate: string;
  }
}

/** The template of one run: both browser projects name this setup, and the second reuses the first's (9 s). */
type Prepared = { template: string; migrated: string; cleanup: () => Promise<void> };
const shared = globalThis as typeof globalThis & { lenderE2eTemplate?: Promise<Prepared> };

async function prepare(): Promise<Prepared> {
  ensureChromium();
  // A production build, as `npm test` makes: vitest's NODE_ENV=test would bundle React's development build.
  if (!existsSync("build/site-meta.json"))
    execFileSync("npm", ["run", "build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  // The servers run from the bundle: written again from server/ so no suite runs a stale one.
  await bundleServer();
  const dir = await mkdtemp(path.join(tmpdir(), "lender-e2e-template-"));
  const migrated = path.join(dir, "migrated");
  await migrateE2eDatabase(migrated);
  await copyDatabase(migrated, path.join(dir, "pglite"));
  await seedE2eDatabase(path.join(dir, "pglite"));
  return { template: path.join(dir, "pglite"), migrated, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

export default async function setup(project: TestProject) {
  const prepared = await (shared.lenderE2eTemplate ??= prepare());
  project.provide("e2eDatabaseTemplate", prepared.template);
  project.provide("e2eMigratedTemplate", prepared.migrated);
  return prepared.cleanup;
}
