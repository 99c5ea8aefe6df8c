import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { driverIndependentSuites } from "../../vitest.config.ts";

const root = path.join(import.meta.dirname, "../..");

function serverSuites(dir = "server"): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return serverSuites(relative);
    return entry.name.endsWith(".test.ts") ? [relative] : [];
  });
}

it("the PostgreSQL pass skips exactly the server suites that never open the test database", () => {
  const opensTestDatabase = (file: string) =>
    /support\/test-(database|server)\.ts/.test(readFileSync(path.join(root, file), "utf8"));
  const independent = serverSuites()
    .filter((file) => !opensTestDatabase(file))
    .sort();
  expect([...driverIndependentSuites].sort()).toEqual(independent);
});
