import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leadTypeLabels, leadTypes } from "../../domain/leads/lead-inbox.ts";
import { expectNoAxeViolations, launchBrowser, type Browser } from "./support/browser.ts";
import { demoPasswords, startE2eServer, type E2eServer } from "./support/e2e-server.ts";
import { signInThroughUi } from "./support/sign-in.ts";

let server: E2eServer;
let browser: Browser;

// A new user's first run: SEED_DEMO on (the default outside production) on a fresh embedded database.
beforeAll(async () => {
  server = await startE2eServer({ SEED_DEMO: "true" });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("a first run of the demo", () => {
  it("shows the demo vendor deals in several stages and a thread answered by the credit team", async () => {
    const page = await browser.newPage();
    await signInThroughUi(page, server.url, "vendor@demo.example", demoPasswords.vendor);
    await page.waitForURL(`${server.url}/portal`);
    const granite = page.getByRole("row", { name: /SAMPLE — GRANITE PEAK EXCAVATION/ });
    await granite.waitFor();
    for (const stage of ["App In", "Approved", "Docs Out", "Docs In & Review", "Verbal", "Funded", "Declined"]) {
      expect(await page.getByRole("cell").getByText(stage, { exact: true }).count(), stage).toBeGreaterThan(0);
    }
    expect(await page.getByText(/RIVERBEND|LAKESIDE|PINECREST/).count()).toBe(0);
    expect(
      await page.getByRole("region", { name: "Dashboard" }).getByText("Funded").locator("..").textContent(),
    ).toContain("$300,000.00");
    await expectNoAxeViolations(page);

    await granite.getByRole("button", { name: "Reply about SAMPLE — GRANITE PEAK EXCAVATION" }).click();
    const thread = page.getByRole("dialog", { name: "Funding Communication: SAMPLE — GRANITE PEAK EXCAVATION" });
    await thread.getByText("Thanks, we pulled credit this morning. Expect a decision by 3 pm.").waitFor();
    await thread.getByText(/The client would like to close before the end of the month/).waitFor();
    await expectNoAxeViolations(page);
    await page.close();
  });

  it("shows the demo admin leads of every kind, overdue and assigned, and a credit application with masked SSNs", async () => {
    const page = await browser.newPage();
    await signInThroughUi(page, server.url, "admin@demo.example", demoPasswords.admin);
    await page.waitForURL(`${server.url}/back-office`);
    await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Leads" }).click();
    const table = page.getByRole("table", { name: "Leads" });
    await table.waitFor();
    for (const type of leadTypes)
      expect(await table.getByRole("cell", { name: leadTypeLabels[type], exact: true }).count(), type).toBeGreaterThan(
        0,
      );
    expect(await table.getByText("Overdue", { exact: true }).count()).toBeGreaterThanOrEqual(2);
    expect(await table.getByText("admin@demo.example").count()).toBeGreaterThanOrEqual(1);
    await expectNoAxeViolations(page);

    await table.getByRole("link", { name: "Sample — Granite Peak Excavation LLC" }).click();
    await page.getByText("•••-••-0101").waitFor();
    expect(await page.getByText("900-55-0101").count()).toBe(0);
    await expectNoAxeViolations(page);
    await page.close();
  });
});
