import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { publicPages } from "../../domain/site/public-routes.ts";

type SiteMeta = { cssGzip: number; routes: Record<string, { path: string; initialJsGzip: number; modules: string[] }> };

/** The landing's initial JS measured when the Foundation landed (README, Performance). */
const foundationLandingKb = 110.8;
/**
 * Foundation + 15 KB, + 0.7 KB for the route manifest every page loads: each portal or back-office
 * screen adds about 60 bytes gzip to it (the funding round's 7 screens took the landing from 125.7 to
 * 126.2 KB with no public code changed; docs/quality.md, Budgets). A public page's own code still
 * has the 15 KB.
 */
const landingBudgetKb = foundationLandingKb + 15.7;
const cssBudgetKb = 12;

const meta = JSON.parse(await readFile("build/site-meta.json", "utf8")) as SiteMeta;
const kb = (bytes: number) => bytes / 1024;

describe("bundle budgets (build/site-meta.json, written by npm run build)", () => {
  it(`keeps the landing page's initial JavaScript within ${landingBudgetKb.toFixed(1)} KB gzip`, () => {
    expect(kb(meta.routes["routes/home"]!.initialJsGzip)).toBeLessThanOrEqual(landingBudgetKb);
  });

  it("loads no portal or back-office code on any public page", () => {
    const privateModules = new Set(
      Object.entries(meta.routes)
        .filter(([, route]) => /^\/(portal|back-office)/.test(route.path))
        .flatMap(([, route]) => route.modules)
        .filter((module) => /\/(portal|back-office)[\w-]*\.js$/.test(module)),
    );
    expect(privateModules.size).toBeGreaterThan(0);
    const publicPaths = new Set<string>(publicPages.map((page) => page.path));
    for (const route of Object.values(meta.routes).filter((candidate) => publicPaths.has(candidate.path))) {
      expect(
        route.modules.filter((module) => privateModules.has(module)),
        route.path,
      ).toEqual([]);
    }
  });

  it(`keeps all CSS within ${cssBudgetKb} KB gzip`, () => {
    expect(kb(meta.cssGzip)).toBeLessThanOrEqual(cssBudgetKb);
  });
});
