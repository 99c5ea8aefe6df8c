import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations, launchBrowser, type Browser } from "./support/browser.ts";

// The suites' accessibility check itself: it must still name every violation and every node, with the
// options that make it quicker (support/browser.ts).

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("expectNoAxeViolations", () => {
  it("passes a clean page and fails one with violations, naming each rule and node", async () => {
    const page = await browser.newPage();
    await page.setContent(
      `<!doctype html><html lang="en"><head><title>Check</title></head><body><main><h1>Check</h1>
      <label for="name">Name</label><input id="name"></main></body></html>`,
    );
    await expectNoAxeViolations(page);

    await page.setContent(
      `<!doctype html><html lang="en"><head><title>Check</title></head><body><main><h1>Check</h1>
      <img src="data:," id="one"><img src="data:," id="two"><input id="unlabelled">
      <p id="faint" style="color:#ddd">Faint text</p></main></body></html>`,
    );
    const failure = await expectNoAxeViolations(page).then(
      () => null,
      // The assertion's actual value: the summary lines, which its message abbreviates.
      (error: unknown) => JSON.stringify((error as { actual?: unknown }).actual),
    );
    // Each line is "rule: help (nodes)": every node under its own rule.
    expect(failure).toMatch(/"image-alt: [^"]*\(#one, #two\)"/);
    expect(failure).toMatch(/"label: [^"]*\(#unlabelled\)"/);
    expect(failure).toMatch(/"color-contrast: [^"]*\(#faint\)"/);
  });
});
