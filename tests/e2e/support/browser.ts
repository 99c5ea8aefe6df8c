import AxeBuilder from "@axe-core/playwright";
import { chromium, type Browser as Chromium, type BrowserContext, type Page } from "playwright-core";
import { expect } from "vitest";
import { headlessChromiumArgs, testChromiumPath } from "../../../scripts/test/ensure-chromium.ts";

export const viewports = { phone: { width: 375, height: 812 }, desktop: { width: 1280, height: 900 } } as const;

export type Browser = { context: BrowserContext; newPage(): Promise<Page>; close(): Promise<void> };

/**
 * One Chromium per test worker: the browser projects share a worker's modules across its files
 * (`isolate: false`), so each file opens a context in the running browser instead of launching its
 * own (a launch with a fresh profile cost 0.8-0.9 s quiet and several seconds beside other files).
 */
let running: Promise<Chromium> | undefined;

function chromiumOfThisWorker(): Promise<Chromium> {
  running ??= chromium
    .launch({
      executablePath: testChromiumPath,
      headless: true,
      args: headlessChromiumArgs,
    })
    .then((browser) => {
      browser.once("disconnected", () => (running = undefined));
      return browser;
    });
  return running;
}

/**
 * A fresh browser context (its own cookies, storage and cache, as a new profile has) in Debian's
 * Chromium. Every page fails the test on a console error or an uncaught exception.
 */
export async function launchBrowser(): Promise<Browser> {
  const context = await (await chromiumOfThisWorker()).newContext({ viewport: viewports.desktop });
  const problems: string[] = [];
  const watch = (page: Page) => {
    page.on("console", (message) => {
      // HTTP errors the UI handles (a 401 on a wrong password) are logged by Chromium too;
      // the tests assert what the user sees for those instead.
      if (message.type() === "error" && !message.text().startsWith("Failed to load resource"))
        problems.push(`console.error on ${page.url()}: ${message.text()}`);
    });
    page.on("pageerror", (error) => problems.push(`uncaught on ${page.url()}: ${error.message}`));
  };
  context.on("page", watch);
  return {
    context,
    async newPage() {
      const page = await context.newPage();
      return page;
    },
    async close() {
      await context.close();
      expect(problems, "browser console errors").toEqual([]);
    },
  };
}

/**
 * axe-core on the page as it is now: any violation fails the test. Legacy mode runs axe.run in the
 * page (axe injected into every frame, as before); the default finishes each run in a new blank
 * page, which made a check take about 1 s instead of 0.35 s. Every rule still runs; only violations
 * get a selector for each node (the passes' selectors took a third of a check: 380 against 225 ms
 * on /ApplyNow), so the violations found are the same (tests/e2e/axe-check.test.ts).
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page: page as never })
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] })
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}
