import { configDefaults, defineConfig } from "vitest/config";

/** Browser-project suites that start several servers, kill or restart them: each runs with the machine to itself. */
const e2eSolo = [
  "tests/e2e/backup-restore.test.ts",
  "tests/e2e/concurrent-migrations.test.ts",
  "tests/e2e/crash-during-upload.test.ts",
  "tests/e2e/database-restart.test.ts",
  "tests/e2e/tracing.test.ts",
  "tests/e2e/two-servers.test.ts",
];

/**
 * Server suites that never open the test database (pure modules, start-up checks, and suites that
 * reach PostgreSQL through TEST_DATABASE_URL themselves): the PostgreSQL pass (TEST_DB_DRIVER=
 * postgres) would run them exactly as the PGlite pass did, so it skips them.
 * `scripts/test/driver-independent-suites.test.ts` keeps this list true.
 */
export const driverIndependentSuites = [
  "server/config.test.ts",
  "server/data-dir-permissions.test.ts",
  "server/db/migrations.test.ts",
  "server/main-start-up.test.ts",
  "server/adverse-action/notice-template.test.ts",
  "server/api-v1/dealer-guide.test.ts",
  "server/api-v1/verify-signature-sample.test.ts",
  "server/backup/restore-archive.test.ts",
  "server/shared/crypto/field-cipher.test.ts",
  "server/shared/csv/to-csv.test.ts",
  "server/applicant-mails/applicant-status-mails.test.ts",
  "server/shared/pdf/write-document.test.ts",
  "server/site/fill-partner-template.test.ts",
  "server/shared/storage/local-file-storage.test.ts",
  "server/shared/vendor-scope.test.ts",
  "server/shared/polling-worker.test.ts",
  "server/payouts/nacha-file.test.ts",
  "server/signing/completion-certificate.test.ts",
  "server/signing/place-signatures.test.ts",
  "server/signing/render-agreement-document.test.ts",
  "server/signing/seal-pdf.test.ts",
  "server/signing/sealing-certificate.test.ts",
  "server/webhooks/address-policy.test.ts",
  "server/webhooks/sign-payload.test.ts",
];

/**
 * Where PostgreSQL is at hand (CI: TEST_DB_PASS=embedded-subjects), the database suites run once, on
 * PostgreSQL, and the PGlite pass keeps these: the suites of the embedded database itself and of the
 * SQL that leans on it most (migrations, the working calendar's PL/pgSQL, the lead intake and the
 * promise clock, the lists' searches, retention, the demo seed, the load and fault suite). The browser
 * suites run every server on PGlite. Without PostgreSQL (the README's `npm test`) every database
 * suite runs on PGlite. docs/quality.md, the test run's minutes, measures what it saves.
 */
export const embeddedDatabaseSuites = [
  "server/db/**/*.test.ts",
  "server/working-calendar/**/*.test.ts",
  "server/response-times/**/*.test.ts",
  "server/shared/lists/**/*.test.ts",
  "server/retention/**/*.test.ts",
  "server/demo/**/*.test.ts",
  "server/load-and-faults.test.ts",
];

const dbSuites =
  process.env.TEST_DB_PASS === "embedded-subjects"
    ? [...embeddedDatabaseSuites, ...driverIndependentSuites]
    : ["server/**/*.test.ts"];

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
          include: dbSuites,
          exclude:
            process.env.TEST_DB_DRIVER === "postgres"
              ? [...configDefaults.exclude, ...driverIndependentSuites]
              : configDefaults.exclude,
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
          // Three files at once: one file alone kept the two cores a third busy (it waits on its
          // server and on Chromium); with three they are full (docs/quality.md, the test run's minutes).
          // The suites below start several processes and run alone.
          maxWorkers: 3,
          // As in the db project: each file imports the seeding helpers' server modules once per
          // worker, not once per file (each file still starts its own server and browser).
          isolate: false,
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
