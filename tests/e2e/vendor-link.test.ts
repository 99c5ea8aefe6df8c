import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieConsentStorageKey } from "../../domain/site/timing.ts";
import { expectNoAxeViolations, launchBrowser, type Browser } from "./support/browser.ts";
import { demoPasswords, startE2eServer, type E2eServer } from "./support/e2e-server.ts";
import { signInThroughUi } from "./support/sign-in.ts";

// docs/product-rules.md#r22-every-company-has-a-link: a vendor copies their link from the portal; a visitor completes
// the calculator
// through it; the vendor sees the referred deal; the credit team sees where it came from.

const company = "Demo Equipment Co.";
const notice = `${company} will see the status of this request.`;

let server: E2eServer;
let vendorBrowser: Browser;
let visitorBrowser: Browser;
let staffBrowser: Browser;

beforeAll(async () => {
  server = await startE2eServer({ CALCULATOR_TIMELINE_SCALE: "0.01" });
  vendorBrowser = await launchBrowser();
  visitorBrowser = await launchBrowser();
  staffBrowser = await launchBrowser();
});
afterAll(async () => {
  await vendorBrowser?.close();
  await visitorBrowser?.close();
  await staffBrowser?.close();
  await server?.stop();
});

const choose = (page: Page, group: string, option: string) =>
  page.getByRole("group", { name: group }).getByRole("button", { name: option, exact: true }).click();

let copied = "";
let vendor: Page;

describe("a vendor's link", () => {
  it("the vendor finds the link in the portal and copies it", async () => {
    await vendorBrowser.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    vendor = await vendorBrowser.newPage();
    await signInThroughUi(vendor, server.url, "vendor@demo.example", demoPasswords.vendor);
    await vendor.waitForURL(`${server.url}/portal`);
    await vendor.getByRole("navigation", { name: "Vendor portal" }).getByRole("link", { name: "Your link" }).click();
    await vendor.getByRole("heading", { level: 1, name: "Your link" }).waitFor();
    const field = vendor.getByLabel("Your calculator link");
    expect(await field.inputValue()).toBe(`${server.url}/vendor_partner/demo-equipment-co`);
    await vendor.getByRole("button", { name: "Copy your calculator link" }).click();
    await vendor.getByRole("status").filter({ hasText: "Link copied." }).waitFor();
    copied = await vendor.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${server.url}/vendor_partner/demo-equipment-co`);
    const qr = await vendor.request.get(`${server.url}/api/portal/link/qr?format=png`);
    expect(qr.headers()["content-type"]).toBe("image/png");
    expect(await vendor.getByRole("link", { name: "Download QR code (PNG)" }).getAttribute("download")).toBe(
      "demo-equipment-co-qr.png",
    );
    await expectNoAxeViolations(vendor);
  });

  it("a visitor completes the calculator through it, told plainly that the dealer will see the status", async () => {
    const page = await visitorBrowser.newPage();
    await page.goto(copied);
    await page.evaluate((key) => window.localStorage.setItem(key, "true"), cookieConsentStorageKey);
    await page.locator("main [data-hydrated]").waitFor();
    expect(await page.title()).toContain(company);
    await page.getByText(`Financing offered with ${company}`).waitFor();
    await expectNoAxeViolations(page);
    await page.getByLabel("Price of equipment").fill("60,000");
    await page.getByRole("button", { name: "Begin" }).click();
    expect(await page.getByLabel("Vendor name").inputValue()).toBe("Demo Equipment Co.");
    await page.getByLabel("Sales person").fill("Tom Becker");
    await page.getByLabel("Vendor phone").fill("5595550110");
    await page.getByLabel("Monthly earnings the equipment adds").fill("4000");
    await page.getByLabel("Monthly earnings the equipment adds").blur();
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByLabel("First name").fill("Linda");
    await page.getByLabel("Last name").fill("Referral");
    await page.getByLabel("E-mail").first().fill("linda.referral@example.com");
    await page.getByLabel("Phone", { exact: true }).fill("5550100177");
    await page.getByRole("button", { name: "Next" }).click();
    await choose(page, "Type of business (choose all that apply)", "LLC");
    await choose(page, "Is this your first equipment purchase?", "No");
    await page.getByLabel("Month the business started").selectOption("March");
    await page.getByLabel("Year the business started").selectOption("2012");
    await page.getByLabel("Monthly sales").fill("30000");
    await choose(page, "Preferred term", "48 months");
    await page.getByRole("button", { name: "Next" }).click();
    await choose(page, "Personal credit score", "750 or more");
    await choose(page, "Age of your oldest debt", "5 years or more");
    await choose(page, "Bankruptcy in the last 5 years?", "No");
    await choose(page, "Credit available on your cards", "60-100%");
    await choose(page, "Installment loans", "Fewer than 5");
    await choose(page, "Homeowner or renter", "Homeowner");
    await choose(page, "Business loans", "Fewer than 5");
    await choose(page, "Any working capital loans?", "No");
    // The notice sits just above the submit button, in full-size text.
    const shown = page.getByText(notice);
    await shown.waitFor();
    expect(await shown.isVisible()).toBe(true);
    expect(
      Number.parseFloat(await shown.evaluate((element) => getComputedStyle(element).fontSize)),
    ).toBeGreaterThanOrEqual(16);
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Get my payment options" }).click();
    await page.getByRole("button", { name: "I am ready for my payment options" }).click();
    await page.getByRole("heading", { name: "Qualifying Page" }).waitFor();
    await server.smtp.waitFor((mail) => mail.subject === "New referred customer: Linda Referral");
    await page.close();
  });

  it("the vendor sees the referred deal in the portal, and the visit and lead on the link screen", async () => {
    await vendor.goto(`${server.url}/portal`);
    const row = vendor.getByRole("row", { name: /Linda Referral/ });
    await row.waitFor();
    expect(await row.getByText(/^Referred: a customer came through your link$/).count()).toBe(1);
    expect(await row.textContent()).toContain("New Submission");
    await row.getByRole("link").first().click();
    await vendor.getByRole("heading", { level: 1, name: "Linda Referral" }).waitFor();
    await vendor
      .getByRole("main")
      .getByText(/^Referred: a customer came through your link$/)
      .waitFor();
    await expectNoAxeViolations(vendor);
    await vendor.goto(`${server.url}/portal/link`);
    const visits = vendor.getByRole("definition").nth(0);
    await vendor.getByRole("heading", { level: 1, name: "Your link" }).waitFor();
    expect(Number(await visits.textContent())).toBeGreaterThanOrEqual(1);
    expect(await vendor.getByRole("definition").nth(2).textContent()).toBe("1");
  });

  it("the credit team sees the source on the deal and the lead", async () => {
    const staff = await staffBrowser.newPage();
    await signInThroughUi(staff, server.url, "admin@demo.example", demoPasswords.admin);
    await staff.waitForURL(`${server.url}/back-office`);
    await staff.goto(`${server.url}/back-office/leads`);
    await staff
      .getByRole("link", { name: /Linda Referral/ })
      .first()
      .click();
    await staff.getByText(`Referred through ${company}'s link`).waitFor();
    await expectNoAxeViolations(staff);
    await staff.getByRole("link", { name: "open the deal" }).click();
    await staff.getByRole("heading", { level: 1, name: "Linda Referral" }).waitFor();
    await staff.getByText(`Referred through ${company}'s link`).first().waitFor();
    await expectNoAxeViolations(staff);
    await staff.close();
  });
});
