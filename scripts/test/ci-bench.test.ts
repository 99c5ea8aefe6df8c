import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// CI runs `npm run bench` once, small, so a bench that no longer runs to the end fails it. This suite keeps that line
// there and small: every size knob the bench reads must be set on it, a new one included.

const root = path.join(import.meta.dirname, "../..");
const ci = readFileSync(path.join(root, ".ci/run"), "utf8").split("\n");
/** The files `npm run bench` runs. */
const benchFiles = [
  "bench.ts",
  "bench-lists.ts",
  "bench-promise.ts",
  "bench-api-v1.ts",
  "bench-bare-insert.ts",
  "bench-signing.ts",
];
/** Knobs that choose where or whether, not how much. */
const notSizes = new Set(["BENCH_DATABASE_URL", "BENCH_PGLITE_DIR", "BENCH_WRITE_PLANS", "BENCH_LISTS"]);

const knobs = [
  ...new Set(
    benchFiles.flatMap((file) =>
      [...readFileSync(path.join(root, "scripts/bench", file), "utf8").matchAll(/process\.env\.(BENCH_[A-Z_]+)/g)].map(
        (match) => match[1]!,
      ),
    ),
  ),
].filter((knob) => !notSizes.has(knob));

const benchLine = ci.findIndex((line) => /^[A-Z_=0-9 ]*npm run bench\s*$/.test(line));

describe(".ci/run", () => {
  it("runs the bench after npm test, its failure failing CI", () => {
    expect(ci.indexOf("npm test")).toBeGreaterThan(-1);
    expect(benchLine).toBeGreaterThan(ci.indexOf("npm test"));
    expect(ci).toContain("set -euo pipefail");
  });

  it("sets every size knob of the bench, each to a small number", () => {
    expect(knobs).toContain("BENCH_DEALS");
    const set = Object.fromEntries(
      [...(ci[benchLine] ?? "").matchAll(/(BENCH_[A-Z_]+)=(\S+)/g)].map((match) => [match[1]!, match[2]!]),
    );
    expect(knobs.filter((knob) => !(knob in set))).toEqual([]);
    expect(Object.entries(set).filter(([, value]) => !(Number(value) <= 5000))).toEqual([]);
  });
});
