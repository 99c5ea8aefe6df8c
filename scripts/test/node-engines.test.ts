import { readFileSync } from "node:fs";
import semver from "semver";
import { describe, expect, it } from "vitest";

const projectPackage = JSON.parse(readFileSync("package.json", "utf8")) as { engines: { node: string } };
const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
};

describe("Node versions", () => {
  it("installs only packages that declare support for the oldest Node we support", () => {
    const oldest = semver.minVersion(projectPackage.engines.node)!.version;
    const refusing = Object.entries(lock.packages)
      .filter(([name, entry]) => name !== "" && !Array.isArray(entry.engines) && entry.engines?.node)
      .filter(([, entry]) => !semver.satisfies(oldest, (entry.engines as { node: string }).node))
      .map(([name, entry]) => `${name}@${entry.version} wants node ${(entry.engines as { node: string }).node}`);
    expect(refusing).toEqual([]);
  });
});
