import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleCreditApplication } from "../../server/demo/sample-requests.ts";
import { totp } from "../support/totp.ts";
import { expectNoAxeViolations, launchBrowser, type Browser } from "./support/browser.ts";
import { demoPasswords, startE2eServer, type E2eServer } from "./support/e2e-server.ts";
import { signInThroughUi } from "./support/sign-in.ts";

// docs/product-rules.md#r12-stages: a credit application that came to us directly becomes a deal in one click
// on its page, and the two link to each other.

let server: E2eServer;
let browser: Browser;
let page: Page;
const businessName = "Direct Summit Paving LLC";

beforeAll(async () => {
  server = await startE2eServer({ STAFF_2FA_REQUIRED: "true" });
  browser = await launchBrowser();
  const stored = await fetch(`${server.url}/api/leads/credit-application`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify(sampleCreditApplication({ BusinessName: businessName })),
  });
  expect(stored.status).toBe(201);
  page = await browser.newPage();
  // Staff set up two-factor before they see any customer data, as at a first sign-in.
  await signInThroughUi(page, server.url, "admin@demo.example", demoPasswords.admin);
  await page.waitForURL(`${server.url}/back-office`);
  await page.getByLabel("Your password").fill(demoPasswords.admin);
  await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  await page.getByLabel("Code from your app").fill(totp(secret));
  await page.getByRole("button", { name: "Turn on two-factor authentication" }).click();
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Leads" }).waitFor();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("a deal opened from a lead", () => {
  it("opens from the lead's page by keyboard, lands on the deal, and each links to the other", async () => {
    await page.goto(`${server.url}/back-office/leads`);
    await page.getByRole("table", { name: "Leads" }).getByRole("link", { name: businessName }).click();
    await page.waitForURL(/\/back-office\/leads\/credit-application\/[0-9a-f-]{36}$/);
    const leadUrl = page.url();
    const open = page.getByRole("button", { name: "Open a deal" });
    await open.waitFor();
    await expectNoAxeViolations(page);

    // Reached and pressed from the keyboard.
    await open.focus();
    expect(await open.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/back-office\/deals\/[0-9a-f-]{36}$/);
    const dealUrl = page.url();
    await page.getByRole("heading", { level: 1, name: businessName }).waitFor();
    const main = page.locator("main");
    expect(await main.textContent()).toMatch(/VP\d{5} · Direct · App In/);
    expect(await main.textContent()).not.toMatch(/98-765|531-86/);
    await main.getByText("••-•••4321").waitFor();
    await main.getByText("This deal came to us directly: it has no vendor to write to.").waitFor();
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: `Credit application of ${businessName}` }).click();
    await page.waitForURL(leadUrl);
    await page.getByText(/Deal VP\d{5} was opened from this lead/).waitFor();
    expect(await page.getByRole("button", { name: "Open a deal" }).count()).toBe(0);
    await page.getByRole("link", { name: "open the deal" }).click();
    await page.waitForURL(dealUrl);

    // The deal list shows it with its vendor "Direct", and the vendor filter finds it.
    await page.goto(`${server.url}/back-office/deals?company=direct`);
    const row = page.getByRole("row").filter({ hasText: businessName });
    await row.waitFor();
    expect(await row.textContent()).toContain("Direct");
  });
});
