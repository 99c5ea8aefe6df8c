import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultBrand } from "../../domain/site/brand.ts";
import { pageTitle, publicPages } from "../../domain/site/public-routes.ts";
import { expectNoAxeViolations, launchBrowser, viewports, type Browser } from "./support/browser.ts";
import { startE2eServer, type E2eServer } from "./support/e2e-server.ts";

// Every public page at each width, one test per page (a file of its own: the longest of the
// browser suites, run beside the others).
let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  server = await startE2eServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe.each(Object.entries(viewports))("every public page at %s width", (_name, viewport) => {
  let page: Page;
  beforeAll(async () => {
    page = await browser.newPage();
    await page.setViewportSize(viewport);
  });
  afterAll(() => page.close());

  it.each(publicPages.map((publicPage) => [publicPage.path, publicPage] as const))("%s renders with its title and no axe violations", async (_path, publicPage) => {
    await page.goto(`${server.url}${publicPage.path}`);
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    expect(await page.title()).toBe(pageTitle(defaultBrand.name, publicPage.page));
    await expectNoAxeViolations(page);
  });
});
