import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payoutAccountMessages } from "../../domain/payout-accounts/payout-account-rules.ts";
import { expectNoAxeViolations, launchBrowser, type Browser } from "./support/browser.ts";
import { demoPasswords, startE2eServer, type E2eServer } from "./support/e2e-server.ts";
import { signInThroughUi } from "./support/sign-in.ts";

// docs/product-rules.md#r59-payout-accounts: the demo company's dealer admin, on a 390 px phone and with the
// keyboard, adds the company's payout account, confirms it with the code mailed to their login address (read
// from the SMTP catcher) and sees the cooling-off: "Payouts held until ...".

let server: E2eServer;
let browser: Browser;
let page: Page;
const vendorEmail = "vendor@demo.example";
const accountNumber = "000987654321";

beforeAll(async () => {
  server = await startE2eServer();
  browser = await launchBrowser();
  page = await browser.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await signInThroughUi(page, server.url, vendorEmail, demoPasswords.vendor);
  await page.waitForURL(`${server.url}/portal`);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const codeMails = () =>
  server.smtp.mails.filter((mail) => mail.to.includes(vendorEmail) && mail.subject.includes("Your code"));

describe("the payout account", () => {
  it("is reached from the phone's menu by a dealer admin", async () => {
    const menu = page.getByRole("navigation", { name: "Vendor portal" });
    await menu.getByRole("button", { name: "Menu", exact: true }).focus();
    await page.keyboard.press("Enter");
    await menu.getByRole("link", { name: "Payout account" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { level: 1, name: "Payout account" }).waitFor();
    await expectNoAxeViolations(page);
  });

  it("adds an account with the keyboard, the form checking what the route checks", async () => {
    await page.getByRole("button", { name: /^(Add|Change) payout account$/ }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: /payout account/ });
    await dialog.waitFor();
    await dialog.getByLabel("Name on the account").focus();
    await page.keyboard.type("Demo Equipment Co");
    await page.keyboard.press("Tab");
    await page.keyboard.type("021000022");
    await page.keyboard.press("Tab");
    await page.keyboard.type(accountNumber);
    await page.keyboard.press("Tab");
    await page.keyboard.type("000987654320");
    await page.keyboard.press("Enter");
    await dialog.getByText(payoutAccountMessages.routingInvalid).waitFor();
    await dialog.getByText(payoutAccountMessages.accountNumbersDiffer).waitFor();
    await expectNoAxeViolations(page);

    await dialog.getByLabel("Routing number").focus();
    await page.keyboard.press("Backspace");
    await page.keyboard.type("1");
    await dialog.getByLabel("Account number again").focus();
    await page.keyboard.press("Backspace");
    await page.keyboard.type("1");
    const before = codeMails().length;
    await page.keyboard.press("Enter");
    const waiting = page.getByRole("region", { name: "New account waiting for confirmation" });
    await waiting.getByText("••••4321").first().waitFor();
    await waiting.getByText("Waiting for your confirmation").waitFor();
    expect(await page.content()).not.toContain(accountNumber);
    await expectNoAxeViolations(page);

    const mail = await server.smtp.waitFor(() => codeMails().length > before);
    const code = /Your code is (\d{6})/.exec(mail.body)![1]!;
    // The code field has the focus once the account is entered.
    await waiting.getByLabel("Code from the e-mail we sent you").waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute("autocomplete"))).toBe("one-time-code");
    await page.keyboard.type(code);
    await page.keyboard.press("Enter");

    const current = page.getByRole("region", { name: "Current account" });
    await current.getByText(/^Payouts held until /).waitFor();
    await current.getByText("••••4321", { exact: true }).waitFor();
    await page.getByRole("status").filter({ hasText: "is confirmed" }).waitFor();
    expect(await page.getByRole("region", { name: "New account waiting for confirmation" }).count()).toBe(0);
    const history = page.getByRole("table", { name: "Payout accounts, newest first" });
    await history.getByRole("row", { name: /••••4321/ }).waitFor();
    expect(await page.content()).not.toContain(accountNumber);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);

    // Every dealer admin of the company is told, the number masked.
    const told = await server.smtp.waitFor(
      (each) => each.to.includes(vendorEmail) && each.subject.includes("your payout account was changed"),
    );
    expect(told.body).toContain("••••4321");
    expect(told.raw).not.toContain(accountNumber);
  });
});
