import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { session } from "../../server/auth/tables.ts";
import { sampleCreditApplication } from "../../server/demo/sample-requests.ts";
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
  let recoveryCode = "";

  it("makes staff set up two-factor before any customer data, then asks for a code at each sign-in", async () => {
    const page = await browser.newPage();
    await signIn(page);
    await page.waitForURL(`${server.url}/back-office`);
    await page.getByRole("heading", { name: "Two-factor authentication required" }).waitFor();
    expect(
      await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Leads" }).count(),
    ).toBe(0);
    await page.getByLabel("Your password").fill(demoPasswords.admin);
    await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
    secret = (await page.getByTestId("totp-secret").textContent())!.trim();
    expect(await page.getByRole("heading", { name: "Recovery codes" }).count()).toBe(1);
    recoveryCode = (await page
      .getByText("Each works once if you lose your phone.")
      .locator("xpath=following-sibling::ul[1]/li[1]")
      .textContent())!.trim();
    await expectNoAxeViolations(page);
    // The previous step's code (still accepted): each code works once, so the sign-in below uses the current one.
    await page.getByLabel("Code from your app").fill(totp(secret, Date.now() - 30_000));
    await page.getByRole("button", { name: "Turn on two-factor authentication" }).click();
    await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Leads" }).waitFor();

    await page.getByRole("button", { name: "Log Out" }).click();
    await page.waitForURL(`${server.url}/VendorLogin`);
    await signIn(page);
    const code = totp(secret);
    await page.getByLabel("Authentication code").fill(code);
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL(`${server.url}/back-office`);
    await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Leads" }).waitFor();

    // The same code a second time is refused; a recovery code works instead (once). On a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    // On a phone the navigation and Log Out sit behind the Menu button.
    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("button", { name: "Log Out" }).click();
    await page.waitForURL(`${server.url}/VendorLogin`);
    await signIn(page);
    await page.getByLabel("Authentication code").fill(code);
    await page.getByRole("button", { name: "Verify" }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: "That code was already used. Please wait for the next code." })
      .waitFor();
    await page.getByRole("button", { name: "Use a recovery code" }).click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByLabel("Recovery code").fill(recoveryCode);
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL(`${server.url}/back-office`);
    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Leads" }).waitFor();
    await page.close();
  });

  it("masks a credit application's SSN in the lead inbox until Reveal, and audits the reveal", async () => {
    const application = sampleCreditApplication();
    const stored = await fetch(`${server.url}/api/leads/credit-application`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify(application),
    });
    expect(stored.status).toBe(201);
    const page = await browser.newPage();
    await page.goto(`${server.url}/back-office/leads`);
    await page.getByLabel("Export from").fill("2030-01-02");
    await page.getByLabel("Export to").fill("2030-01-01");
    await page.getByRole("link", { name: "Export leads (CSV)" }).click();
    await page.getByRole("alert").filter({ hasText: "The end date must not be before the start date." }).waitFor();
    expect(page.url()).toBe(`${server.url}/back-office/leads`);
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

  it("asks staff to confirm it is them before a reveal once the last factor they proved is older than five minutes", async () => {
    const stored = await fetch(`${server.url}/api/leads/credit-application`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify(sampleCreditApplication({ BusinessName: "Step Up Paving LLC" })),
    });
    expect(stored.status).toBe(201);
    await server.editDatabase((database) =>
      database.db.update(session).set({ factorVerifiedAt: new Date(Date.now() - 10 * 60_000) }),
    );
    const page = await browser.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/back-office/leads`);
    await page.getByRole("link", { name: "Step Up Paving LLC" }).click();
    await page.getByRole("button", { name: "Reveal owner 1's Social Security number" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm it is you" });
    await dialog.waitFor();
    // On a phone the dialog fits the screen: its field and buttons are reachable without scrolling sideways.
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
    await dialog.getByLabel("Code from your authenticator app").fill("000000");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await dialog.getByText("That code is not right. Please try again.").waitFor();
    await dialog.getByLabel("Code from your authenticator app").fill(totp(secret, Date.now() + 30_000));
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await page.getByText("531-86-4207").waitFor();
    expect(await dialog.count()).toBe(0);
    await page.close();
  });

  it("warns two minutes before an idle session ends and keeps it on Stay signed in", async () => {
    const page = await browser.newPage();
    await page.clock.install();
    // The warning reads when the session ends once the page is up: that read must be done before the server restarts.
    const sessionRead = page.waitForResponse(
      (response) => new URL(response.url()).pathname === "/api/me" && response.ok(),
    );
    await page.goto(`${server.url}/back-office/leads`);
    await page.getByRole("heading", { name: "Leads", level: 1 }).waitFor();
    await sessionRead;
    // 29 idle minutes on the server; the browser's timer reaches the warning 28.5 minutes later.
    await server.editDatabase((database) =>
      database.db.update(session).set({ updatedAt: new Date(Date.now() - 29 * 60_000) }),
    );
    await page.clock.fastForward("28:30");
    const warning = page.getByRole("alertdialog", { name: "Your session is about to end" });
    await warning.waitFor();
    await expectNoAxeViolations(page);
    await warning.getByRole("button", { name: "Stay signed in" }).click();
    await warning.waitFor({ state: "hidden" });
    const me = await page.evaluate(() =>
      fetch("/api/me").then((response) => response.json() as Promise<{ sessionSecondsLeft: number }>),
    );
    expect(me.sessionSecondsLeft).toBeGreaterThan(29 * 60);
    await page.close();
  });
});
