import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations, launchBrowser, type Browser } from "./support/browser.ts";
import { demoPasswords, startE2eServer, type E2eServer } from "./support/e2e-server.ts";
import { signInThroughUi } from "./support/sign-in.ts";

// Verbal to Funded (docs/product-rules.md#r58-verification-and-funding) on the demo: the admin records
// the verification call of a signed deal and prepares its funding by keyboard; the second member of
// the credit team approves the funding the admin prepared; the dealer reads it on a phone.

let server: E2eServer;
let adminBrowser: Browser;
let staffBrowser: Browser;
let dealerBrowser: Browser;
let admin: Page;
let staff: Page;
let vendor: Page;

const phone = { width: 390, height: 844 };

beforeAll(async () => {
  server = await startE2eServer({ SEED_DEMO: "true" });
  [adminBrowser, staffBrowser, dealerBrowser] = await Promise.all([launchBrowser(), launchBrowser(), launchBrowser()]);
  [admin, staff, vendor] = await Promise.all([adminBrowser.newPage(), staffBrowser.newPage(), dealerBrowser.newPage()]);
  await signInThroughUi(admin, server.url, "admin@demo.example", demoPasswords.admin);
  await admin.waitForURL(`${server.url}/back-office`);
  await signInThroughUi(staff, server.url, "staff@demo.example", demoPasswords.staff);
  await staff.waitForURL(`${server.url}/back-office`);
  await signInThroughUi(vendor, server.url, "vendor@demo.example", demoPasswords.vendor);
  await vendor.waitForURL(`${server.url}/portal`);
});
afterAll(async () => {
  await Promise.all([adminBrowser?.close(), staffBrowser?.close(), dealerBrowser?.close()]);
  await server?.stop();
});

const section = (page: Page) => page.locator("#verification-and-funding");

async function openDeal(page: Page, businessName: string) {
  await page.goto(`${server.url}/back-office/deals`);
  await page
    .getByRole("link", { name: new RegExp(businessName, "i") })
    .first()
    .click();
  await page.getByRole("heading", { name: "Verification and funding" }).waitFor();
}

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

describe("verification and funding", () => {
  it("records the verification call of a signed deal by keyboard, then prepares its funding", async () => {
    await openDeal(admin, "Ironwood Machine Shop");
    const form = section(admin).getByRole("form", { name: "Record the verification call" });
    // The sealed delivery and acceptance certificate of its package is chosen already.
    expect(await form.getByLabel("Signed delivery and acceptance certificate").inputValue()).not.toBe("");
    await expectNoAxeViolations(admin);

    const submit = form.getByRole("button", { name: "Record verification call" });
    await submit.focus();
    await admin.keyboard.press("Enter");
    await form.getByText("Enter who you called.").waitFor();
    await form.getByText("Confirm the insurance is in place.").waitFor();

    await form.getByLabel("Person called", { exact: true }).focus();
    await admin.keyboard.type("Tom Becker");
    await admin.keyboard.press("Tab");
    expect(await isFocused(form.getByLabel("Phone number called"))).toBe(true);
    await admin.keyboard.type("(555) 555-0142");
    await admin.keyboard.press("Tab");
    expect(await isFocused(form.getByLabel("Date and time of the call"))).toBe(true);
    for (const item of [
      "Identity of the person called",
      "Equipment received and working",
      "Payment amount and term",
      "Insurance in place",
    ]) {
      const box = form.getByRole("checkbox", { name: item });
      await box.focus();
      await admin.keyboard.press("Space");
      expect(await box.isChecked()).toBe(true);
    }
    await submit.focus();
    await admin.keyboard.press("Enter");
    await section(admin).getByText("Tom Becker, (555) 555-0142").waitFor();

    const prepare = section(admin).getByRole("button", { name: "Prepare funding" });
    await section(admin)
      .getByRole("table", { name: "The funding as it would be prepared now, line by line" })
      .waitFor();
    await prepare.focus();
    await admin.keyboard.press("Enter");
    await section(admin).getByRole("heading", { name: "Funding: Waiting for a second approval" }).waitFor();
    await section(admin).getByText("You prepared this funding: a second staff member approves it.").waitFor();
    expect(
      await section(admin)
        .getByRole("button", { name: /^Approve funding/ })
        .count(),
    ).toBe(0);
    await expectNoAxeViolations(admin);
  });

  it("lets the second member of the credit team approve a funding the admin prepared: the deal is Funded", async () => {
    await openDeal(staff, "Summit Trailer Repair");
    const approve = section(staff).getByRole("button", { name: /^Approve funding of \$/ });
    await approve.focus();
    await staff.keyboard.press("Enter");
    await section(staff)
      .getByRole("heading", { name: /^Funding: Approved \(funded \d{4}-\d{2}-\d{2}\)$/ })
      .waitFor();
    await section(staff).getByRole("button", { name: "Cancel funded deal" }).waitFor();
    await expectNoAxeViolations(staff);
    await server.smtp.waitFor((mail) => /SUMMIT TRAILER REPAIR\s*:\s*Funded/.test(mail.subject));
  });

  it("shows the dealer what they are paid, line by line, on a phone", async () => {
    await vendor.setViewportSize(phone);
    await vendor.goto(`${server.url}/portal?month=all`);
    await vendor
      .getByRole("link", { name: /Summit Trailer Repair/i })
      .first()
      .click();
    const funding = vendor.getByRole("region", { name: "Funding" });
    await funding.getByText(/^Funded on /).waitFor();
    const table = funding.getByRole("table", { name: "What you are paid for this deal, line by line" });
    expect(await table.getByRole("row", { name: /Amount to the dealer/ }).textContent()).toContain("$32,105.00");
    expect(await vendor.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoAxeViolations(vendor);
  });
});
