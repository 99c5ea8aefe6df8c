import { defineConfig } from "vitest/config";

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
          setupFiles: ["tests/setup/fail-on-console-error.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "db",
          include: ["server/**/*.test.ts"],
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
          globalSetup: ["tests/e2e/global-setup.ts"],
          setupFiles: ["tests/setup/fail-on-console-error.ts"],
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
