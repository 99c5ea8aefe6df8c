import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creditApplicationFixture } from "../support/lead-fixtures.ts";
import { totp } from "../support/totp.ts";
import { expectNoAxeViolations, launchBrowser, type Browser } from "./support/browser.ts";
import { demoPasswords, startE2eServer, type E2eServer } from "./support/e2e-server.ts";
import { signInThroughUi } from "./support/sign-in.ts";
import type { Page } from "playwright-core";

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  server = await startE2eServer({ STAFF_2FA_REQUIRED: "true" });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const signIn = (page: Page) => signInThroughUi(page, server.url, "admin@demo.example", demoPasswords.admin);

describe("staff security", () => {
  let secret = "";

  it("makes staff set up two-factor before any customer data, then asks for a code at each sign-in", async () => {
    const page = await browser.newPage();
    await signIn(page);
    await page.waitForURL(`${server.url}/back-office`);
    await page.getByRole("heading", { name: "Two-factor authentication required" }).waitFor();
    expect(await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Leads" }).count()).toBe(0);
    await page.getByLabel("Your password").fill(demoPasswords.admin);
    await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
    secret = (await page.getByTestId("totp-secret").textContent())!.trim();
    expect(await page.getByRole("heading", { name: "Recovery codes" }).count()).toBe(1);
    await expectNoAxeViolations(page);
    await page.getByLabel("Code from your app").fill(totp(secret));
    await page.getByRole("button", { name: "Turn on two-factor authentication" }).click();
    await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Leads" }).waitFor();

    await page.getByRole("button", { name: "Log Out" }).click();
    await page.waitForURL(`${server.url}/VendorLogin`);
    await signIn(page);
    await page.getByLabel("Authentication code").fill(totp(secret));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL(`${server.url}/back-office`);
    await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Leads" }).waitFor();
    await page.close();
  });

  it("masks a credit application's SSN in the lead inbox until Reveal, and audits the reveal", async () => {
    const application = creditApplicationFixture();
    const stored = await fetch(`${server.url}/api/leads/credit-application`, { method: "POST", headers: { "content-type": "application/json", origin: server.url }, body: JSON.stringify(application) });
    expect(stored.status).toBe(201);
    const page = await browser.newPage();
    await page.goto(`${server.url}/back-office/leads`);
    await page.getByRole("link", { name: String(application.BusinessName) }).click();
    await page.getByText("•••-••-4207").waitFor();
    expect(await page.locator("main").textContent()).not.toContain("531-86-4207");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Reveal owner 1's Social Security number" }).click();
    await page.getByText("531-86-4207").waitFor();
    await page.goto(`${server.url}/back-office/audit`);
    await page.getByRole("cell", { name: "sensitive.reveal" }).waitFor();
    await expectNoAxeViolations(page);
    for (const path of ["/back-office/leads", "/back-office/vendors", "/back-office/partners", "/back-office/deals"]) {
      await page.goto(`${server.url}${path}`);
      await page.getByRole("heading", { level: 1 }).waitFor();
      await expectNoAxeViolations(page);
    }
    await page.close();
  });
});
