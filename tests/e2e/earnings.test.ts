import { readFile } from "node:fs/promises";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultBrand } from "#domain/site/brand.ts";
import { businessDayOf } from "#domain/site/business-day.ts";
import { monthLabel } from "#domain/earnings/earnings-figures.ts";
import { expectNoAxeViolations, launchBrowser, type Browser } from "./support/browser.ts";
import { demoPasswords, startE2eServer, type E2eServer } from "./support/e2e-server.ts";
import { signInThroughUi } from "./support/sign-in.ts";

// Dealer earnings (docs/product-rules.md#r61-dealer-earnings): the dealer admin reads the Earnings
// screen on a 390 px phone with the keyboard and downloads a month's CSV statement; an admin edits a
// tier; the resources page shows the new figures; axe on each screen.

let server: E2eServer;
let browser: Browser;
let dealerBrowser: Browser;
let admin: Page;
let vendor: Page;
const month = businessDayOf(new Date(), defaultBrand.timeZone).slice(0, 7);
const phone = { width: 390, height: 844 };

beforeAll(async () => {
  server = await startE2eServer({ SEED_DEMO: "true" });
  // The demo funds two of its dealer's deals this month (server/demo/create-sample-funding.ts):
  // Northwind Farm Supply's $50,000 at Tier 1, then Redwood Quarry Supply's $250,000, crossing $250,000 (Tier 2).
  browser = await launchBrowser();
  admin = await browser.newPage();
  await signInThroughUi(admin, server.url, "admin@demo.example", demoPasswords.admin);
  await admin.waitForURL(`${server.url}/back-office`);
  dealerBrowser = await launchBrowser();
  vendor = await dealerBrowser.newPage();
  await vendor.setViewportSize(phone);
  await signInThroughUi(vendor, server.url, "vendor@demo.example", demoPasswords.vendor);
  await vendor.waitForURL(`${server.url}/portal`);
});
afterAll(async () => {
  await browser?.close();
  await dealerBrowser?.close();
  await server?.stop();
});

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** Tabs forward from the page's start until `target` has the focus (at most `limit` presses). */
async function tabUntil(page: Page, target: Locator, limit = 80) {
  for (let count = 0; count < limit; count += 1) {
    await page.keyboard.press("Tab");
    if (await isFocused(target)) return;
  }
  throw new Error("Tab never reached the element");
}

const fitsThePhone = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe("the dealer's earnings", () => {
  it("shows the tier and this month's earnings on the dashboard", async () => {
    const card = vendor.getByRole("region", { name: "Earnings" });
    await card.getByText("Tier 2").waitFor();
    await card.getByText("This month: $4,250.00 accrued").waitFor();
  });

  it("reads the Earnings screen on a phone with the keyboard and downloads a CSV statement", async () => {
    await vendor.goto(`${server.url}/portal/earnings`);
    await vendor.getByRole("heading", { name: "Earnings", level: 1 }).waitFor();
    expect(await fitsThePhone(vendor)).toBe(true);
    await vendor.getByText("$300,000.00").first().waitFor();
    await vendor.getByText("on a $50,000.00 deal: $1,000.00").waitFor();
    await vendor.getByText("$4,250.00").first().waitFor();
    const table = vendor.getByRole("table", { name: `Earnings by deal, ${monthLabel(month)}` });
    expect(await table.getByRole("row").count()).toBe(3);
    await expectNoAxeViolations(vendor);

    const csv = vendor.getByRole("link", { name: `CSV statement for ${monthLabel(month)}` }).first();
    await tabUntil(vendor, csv);
    const [download] = await Promise.all([vendor.waitForEvent("download"), vendor.keyboard.press("Enter")]);
    expect(download.suggestedFilename()).toBe(`earnings-${month}.csv`);
    const text = await readFile((await download.path())!, "utf8");
    expect(text.split("\r\n")[0]).toBe("date,account,business,amount_financed,tier,points,accrued,paid,clawed_back");
    expect(text).toContain("50000.00,Tier 1,1.00%,500.00,0.00,0.00");
    expect(text).toContain("250000.00,Tier 2,1.50%,3750.00,0.00,0.00");
    expect(text).toContain(",,Total,,,,4250.00,0.00,0.00");
  });
});

describe("earnings in the back office", () => {
  it("lets staff set how a company's earnings are paid on the vendors screen", async () => {
    await admin.goto(`${server.url}/back-office/vendors`);
    const form = admin.getByRole("form", { name: /^Earnings paid by / }).first();
    await form.getByLabel("Earnings paid").selectOption("with-funding");
    await form.getByRole("button", { name: "Save how earnings are paid" }).click();
    await form.getByText("Earnings now paid: with each funding.").waitFor();
    await expectNoAxeViolations(admin);
  });

  it("lets an admin change a tier's points, and the resources page shows them", async () => {
    await admin.goto(`${server.url}/back-office/earnings`);
    await admin.getByRole("table", { name: "Earnings per company, all time" }).waitFor();
    await admin.getByRole("rowheader", { name: "Total" }).waitFor();
    await expectNoAxeViolations(admin);

    await admin.goto(`${server.url}/back-office/earnings/tiers`);
    const points = admin.getByLabel("Points, % (tier 2)");
    await points.waitFor();
    await expectNoAxeViolations(admin);
    await points.fill("1.75");
    await admin.getByRole("button", { name: "Save the tiers" }).focus();
    await admin.keyboard.press("Enter");
    await admin.getByText("Tiers saved.").waitFor();
    await expectNoAxeViolations(admin);

    // Anyone's next visit: the page reads the tiers as it opens.
    await admin.goto(`${server.url}/VendorLogin`);
    const tiers = admin.getByRole("table", { name: "Earnings tiers" });
    await tiers.getByText("1.75%").waitFor();
    await tiers.getByText("$875.00").waitFor();
    await expectNoAxeViolations(admin);
  });
});
