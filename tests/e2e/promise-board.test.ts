import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatShare, formatWait } from "../../app/features/back-office/response-times/board-format.ts";
import { readBoardQuery } from "../../app/features/back-office/response-times/board-query.ts";
import type { PromiseBoard } from "../../domain/response-times/contracts.ts";
import { defaultBrand } from "../../domain/site/brand.ts";
import { expectNoAxeViolations, launchBrowser, type Browser } from "./support/browser.ts";
import { demoPasswords, startE2eServer, type E2eServer } from "./support/e2e-server.ts";
import { signInThroughUi } from "./support/sign-in.ts";

let server: E2eServer;
let browser: Browser;

// The demo's samples include a website message over three days old and never contacted: overdue at any hour.
beforeAll(async () => {
  server = await startE2eServer({ SEED_DEMO: "true" });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("the response-times board", () => {
  it("shows an overdue lead, links to it, gives each chart's numbers as a table, and is axe clean", async () => {
    const page = await browser.newPage();
    const scripts: string[] = [];
    page.on("request", (request) => void (request.resourceType() === "script" && scripts.push(request.url())));
    await signInThroughUi(page, server.url, "admin@demo.example", demoPasswords.admin);
    await page.waitForURL(`${server.url}/back-office`);
    const beforeBoard = scripts.length;
    await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Response times" }).click();
    await page.getByRole("heading", { level: 1, name: "Response times" }).waitFor();

    const overdue = page.getByRole("region", { name: "Overdue leads" });
    const lead = overdue.getByRole("link", { name: /^Jordan Avery \(Sample — Maple Street Laundromat\)/ });
    await lead.waitFor();
    expect(
      await overdue
        .getByRole("row", { name: /Jordan Avery/ })
        .getByRole("cell")
        .allTextContents(),
    ).toEqual(expect.arrayContaining(["Website message", "Contact forms"]));

    // The table alternative has the numbers the board's endpoint answers (the screen's default range).
    const query = new URLSearchParams(readBoardQuery(new URLSearchParams(), defaultBrand.timeZone));
    const board = (await (
      await page.request.get(`${server.url}/api/back-office/response-times?${query}`)
    ).json()) as PromiseBoard;
    const contactForms = board.bySource.find((row) => row.source === "contact-form")!;
    expect(contactForms.arrived).toBe(3); // two website messages and a vendor sign-up request
    expect(await page.getByRole("heading", { level: 2, name: /^Leads, / }).textContent()).toContain(
      "the promise is 30 minutes",
    );
    const bySource = page.getByRole("region", { name: "Share within the promise, by source" });
    await bySource.getByText("Show the numbers as a table").click();
    const row = bySource
      .getByRole("table", { name: "Within the promise by source" })
      .getByRole("row", { name: /Contact forms/ });
    expect(await row.getByRole("cell").allTextContents()).toEqual([
      String(contactForms.arrived),
      String(contactForms.contacted),
      formatWait(contactForms.medianMinutes),
      formatWait(contactForms.p90Minutes),
      formatShare(contactForms.keptShare),
      String(contactForms.missed),
      String(contactForms.waiting),
    ]);
    expect(contactForms.missed).toBeGreaterThanOrEqual(1);
    // The chart itself was drawn, from a module loaded only now.
    await bySource.locator("svg.recharts-surface").waitFor();
    expect(scripts.slice(0, beforeBoard).some((url) => /promise-charts/.test(url))).toBe(false);
    await expectNoAxeViolations(page);

    await lead.click();
    await page.waitForURL(/\/back-office\/leads\/footer-message\/[0-9a-f-]+$/);
    await page.close();
  });

  it("fits a 390 px phone, the tables scrolling inside their own regions, and is axe clean there", async () => {
    const page = await browser.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await signInThroughUi(page, server.url, "admin@demo.example", demoPasswords.admin);
    await page.waitForURL(`${server.url}/back-office`);
    await page.goto(`${server.url}/back-office/response-times?kind=deal`);
    await page.getByRole("heading", { level: 2, name: "Overdue now" }).waitFor();
    for (const disclosure of await page.getByText("Show the numbers as a table").all()) await disclosure.click();
    await page.locator("svg.recharts-surface").first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
    await page.close();
  });
});
