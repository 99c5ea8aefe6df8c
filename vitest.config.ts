import { defineConfig } from "vitest/config";

/** Browser-project suites that start several servers, kill or restart them: each runs with the machine to itself. */
const e2eSolo = [
  "tests/e2e/backup-restore.test.ts",
  "tests/e2e/concurrent-migrations.test.ts",
  "tests/e2e/crash-during-upload.test.ts",
  "tests/e2e/database-restart.test.ts",
  "tests/e2e/tracing.test.ts",
  "tests/e2e/two-servers.test.ts",
];

export default defineConfig({
  define: { __PUBLIC_CONFIG__: "globalThis.__PUBLIC_CONFIG__" },
  test: {
    // Two cores: more workers only add PGlite start-up contention.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["domain/**/*.test.ts", "scripts/**/*.test.ts", "app/**/*.test.{ts,tsx}"],
          // Files share a worker's modules (each file still opens its own database and servers):
          // importing the server's module graph once per worker instead of once per file took the
          // unit and db suites from 240 s to 150 s on PGlite and from 197 s to 94 s on PostgreSQL.
          isolate: false,
          setupFiles: ["tests/setup/fail-on-console-error.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "db",
          include: ["server/**/*.test.ts"],
          isolate: false,
          globalSetup: ["tests/support/database-global-setup.ts"],
          setupFiles: ["tests/setup/fail-on-console-error.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          exclude: e2eSolo,
          globalSetup: ["tests/e2e/global-setup.ts"],
          setupFiles: ["tests/setup/fail-on-console-error.ts"],
          // Two files at once: a browser test mostly waits (on its server, on Chromium), so two of
          // them share the two cores well; the suites below start several processes and run alone.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e-solo",
          include: e2eSolo,
          globalSetup: ["tests/e2e/global-setup.ts"],
          setupFiles: ["tests/setup/fail-on-console-error.ts"],
          fileParallelism: false,
          sequence: { groupOrder: 2 },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
