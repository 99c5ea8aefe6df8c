// `npm test`: typecheck, lint, build, unit + database suites on PGlite (when TEST_DATABASE_URL is
// set: the unit suites and the embedded database's own, the other database suites running on
// PostgreSQL instead), then the browser suites. Ends with the counts.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

type Step = { name: string; command: string[]; env?: Record<string, string>; vitest?: boolean };

const reportDir = mkdtempSync(path.join(tmpdir(), "lender-test-report-"));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps: string[] = [];
/** Each step's wall time, printed at the end so a run shows where its minutes went. */
const stepSeconds: { name: string; seconds: number }[] = [];
const slowestFiles: { step: string; file: string; seconds: number }[] = [];
/** Printed last: a CI log is often read from its tail, where vitest's own failure report is long gone. */
const failedTests: string[] = [];
const started = Date.now();

function timed(name: string, begin: number): void {
  stepSeconds.push({ name, seconds: (Date.now() - begin) / 1000 });
}

function firstLine(text: string | undefined): string {
  return (text ?? "").split("\n")[0]!.slice(0, 300);
}

function run(step: Step): void {
  const begin = Date.now();
  console.log(`\n▶ ${step.name}`);
  const report = path.join(reportDir, `${step.name.replace(/\W+/g, "-")}.json`);
  const args = step.vitest
    ? [...step.command, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`]
    : step.command;
  const result = spawnSync(args[0]!, args.slice(1), { stdio: "inherit", env: { ...process.env, ...step.env } });
  if (step.vitest) {
    try {
      const json = JSON.parse(readFileSync(report, "utf8")) as {
        numPassedTests: number;
        numFailedTests: number;
        numPendingTests: number;
        numTotalTests: number;
        testResults: {
          name: string;
          startTime: number;
          endTime: number;
          message?: string;
          assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
        }[];
      };
      for (const file of json.testResults) {
        const seconds = (file.endTime - file.startTime) / 1000;
        const relative = path.relative(process.cwd(), file.name);
        slowestFiles.push({ step: step.name, file: relative, seconds });
        for (const test of file.assertionResults.filter((each) => each.status === "failed"))
          failedTests.push(`${relative} > ${test.fullName}: ${firstLine(test.failureMessages[0])}`);
        if (file.message && !file.assertionResults.some((each) => each.status === "failed"))
          failedTests.push(`${relative}: ${firstLine(file.message)}`);
      }
      totals.passed += json.numPassedTests;
      totals.failed += json.numFailedTests;
      totals.skipped += json.numPendingTests;
      if (json.numTotalTests === 0) failedSteps.push(`${step.name} (ran no test)`);
    } catch {
      totals.failed += 1;
    }
  }
  if (result.status !== 0) failedSteps.push(step.name);
  timed(step.name, begin);
}

/** A step that is not a test run, run beside another: its output is held and printed when it ends. */
function runBuffered(step: Step): Promise<void> {
  const begin = Date.now();
  return new Promise((resolve) => {
    const child = spawn(step.command[0]!, step.command.slice(1), {
      env: { ...process.env, ...step.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("close", (code) => {
      console.log(`\n▶ ${step.name}\n${output}`);
      if (code !== 0) failedSteps.push(step.name);
      timed(step.name, begin);
      resolve();
    });
  });
}

async function postgresReachable(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query("select 1");
    return null;
  } catch (error) {
    return (error as Error).message;
  } finally {
    await client.end().catch(() => {});
  }
}

const postgresUrl = process.env.TEST_DATABASE_URL;
if (postgresUrl) {
  const problem = await postgresReachable(postgresUrl);
  if (problem) {
    console.error(`TEST_DATABASE_URL is set but PostgreSQL is unreachable (${problem}).`);
    process.exit(1);
  }
}

const vitest = ["npx", "vitest", "run"];
// Two lanes on the two cores, each step printed whole when it ends: eslint (the longest, about
// 100 s) on one; typecheck, the formatting check and the build (about 90 s together) on the other.
await Promise.all([
  runBuffered({ name: "eslint", command: ["npx", "eslint", "."] }),
  (async () => {
    await runBuffered({ name: "typecheck", command: ["npm", "run", "typecheck", "--silent"] });
    await runBuffered({ name: "formatting", command: ["npx", "prettier", "--check", "--log-level", "warn", "."] });
    await runBuffered({ name: "build", command: ["npm", "run", "build", "--silent"] });
  })(),
]);
// With PostgreSQL at hand each database suite runs once, there; PGlite keeps the unit suites and the
// embedded database's own (vitest.config.ts, embeddedDatabaseSuites).
run({
  name: postgresUrl ? "unit and embedded-database suites (PGlite)" : "unit and database suites (PGlite)",
  command: [...vitest, "--project", "unit", "--project", "db"],
  env: postgresUrl ? { TEST_DB_PASS: "embedded-subjects" } : {},
  vitest: true,
});
if (postgresUrl) {
  run({
    name: "database suites (PostgreSQL)",
    command: [...vitest, "--project", "db"],
    env: { TEST_DB_DRIVER: "postgres" },
    vitest: true,
  });
} else {
  console.log("\n(TEST_DATABASE_URL is not set: the database suites ran on PGlite only.)");
}
run({
  name: "browser suites (Chromium)",
  command: [...vitest, "--project", "e2e", "--project", "e2e-solo"],
  vitest: true,
});

rmSync(reportDir, { recursive: true, force: true });
console.log("\nWall time per step:");
for (const { name, seconds } of stepSeconds) console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${name}`);
console.log(`  ${((Date.now() - started) / 1000).toFixed(1).padStart(7)} s  in all`);
console.log("The slowest test files (a file's own time; files run side by side):");
for (const { step, file, seconds } of slowestFiles.sort((a, b) => b.seconds - a.seconds).slice(0, 15))
  console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${file} (${step})`);
if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.map((each) => `  ${each}`).join("\n")}`);
console.log(failedSteps.length ? `\nFailed steps: ${failedSteps.join(", ")}` : "\nAll steps passed.");
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
