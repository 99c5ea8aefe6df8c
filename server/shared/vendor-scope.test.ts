import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// docs/product-rules.md#r53-a-dealers-team: what a sales rep sees is decided once, by ownedInScope. A query that
// reads deals or quotes by the scope's company alone would show a rep their colleagues' rows: none may.

const root = path.resolve(import.meta.dirname, "..");
const sources = readdirSync(root, { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
  .map((file) => ({ file, text: readFileSync(path.join(root, file), "utf8") }));

/** `eq(deal.vendorCompanyId, scope.companyId)` and the like: an owned table filtered by the company alone. */
const companyAlone = /eq\(\s*(deal\.vendorCompanyId|vendorQuote\.companyId)\s*,\s*(?:\w+\.)?scope\.companyId\s*\)/g;

/** Where the company alone is meant, and why. */
const allowed: Record<string, readonly string[]> = {
  // An idempotency key is unique per company: a colleague's deal under it is looked up to refuse it, never shown.
  "deals/create-deal.ts": ["eq(deal.vendorCompanyId, scope.companyId)"],
  // A dealer admin's hand-over (the dealer-admin audience) moves one user's rows of the company.
  "team/reassign-owned.ts": ["eq(deal.vendorCompanyId, scope.companyId)", "eq(vendorQuote.companyId, scope.companyId)"],
};

describe("a vendor's scope", () => {
  it("reads owned rows (deals, quotes) only through ownedInScope", () => {
    const found = sources.flatMap(({ file, text }) =>
      [...text.matchAll(companyAlone)]
        .map((match) => match[0])
        .filter((match) => !allowed[file.split(path.sep).join("/")]?.includes(match))
        .map((match) => `server/${file}: ${match}`),
    );
    expect(found).toEqual([]);
    expect(sources.filter(({ text }) => text.includes("ownedInScope(")).length).toBeGreaterThanOrEqual(6);
  });
});
