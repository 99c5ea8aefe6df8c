import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { samplePdf } from "../support/multipart.ts";
import { creditApplicationFixture } from "../support/lead-fixtures.ts";
import { newDealFields } from "../support/vendor-fixtures.ts";
import { expectNoAxeViolations, launchBrowser, type Browser } from "./support/browser.ts";
import { demoPasswords, startE2eServer, type E2eServer } from "./support/e2e-server.ts";
import { signInThroughUi } from "./support/sign-in.ts";

// Issue 15, defect 4: every portal and back-office screen at 390 px, with rows that hold long
// unbroken text, never scrolls the page sideways; the navigation starts collapsed behind a Menu
// button that works by keyboard; axe finds nothing.

const phone = { width: 390, height: 844 };
const longEmail = "accounts.payable.receivables.department@averyveryverylongequipmentleasingcompanydomainname.example";
const longName = "SUPERLONGUNBROKENBUSINESSNAMEFORPHONEWIDTHTESTSEQUIPMENTLEASINGHOLDINGSLLC";

let server: E2eServer;
let staffBrowser: Browser;
let vendorBrowser: Browser;
let staff: Page;
let vendor: Page;
let dealId = "";
let creditApplicationId = "";

const postJson = (path: string, body: unknown) => fetch(`${server.url}${path}`, { method: "POST", headers: { "content-type": "application/json", origin: server.url }, body: JSON.stringify(body) });

beforeAll(async () => {
  server = await startE2eServer();
  staffBrowser = await launchBrowser();
  vendorBrowser = await launchBrowser();

  vendor = await vendorBrowser.newPage();
  await vendor.setViewportSize(phone);
  await signInThroughUi(vendor, server.url, "vendor@demo.example", demoPasswords.vendor);
  await vendor.waitForURL(`${server.url}/portal`);
  const fields = newDealFields({ businessName: longName, businessEmail: longEmail, equipDesc: "Compact track loader with a very long description that goes on and on" });
  const created = await vendor.request.post(`${server.url}/api/portal/deals`, {
    headers: { origin: server.url },
    multipart: { deal: JSON.stringify(fields), "client-info": { name: `${"a-very-long-file-name-".repeat(4)}application.pdf`, mimeType: "application/pdf", buffer: samplePdf } },
  });
  expect(created.status()).toBe(201);
  dealId = ((await created.json()) as { id: string }).id;
  const second = await vendor.request.post(`${server.url}/api/portal/deals`, {
    headers: { origin: server.url },
    multipart: { deal: JSON.stringify(newDealFields({ businessName: "harbor bakery group" })), "client-info": { name: "application.pdf", mimeType: "application/pdf", buffer: samplePdf } },
  });
  expect(second.status()).toBe(201);
  const message = await vendor.request.post(`${server.url}/api/portal/deals/${dealId}/messages`, {
    headers: { origin: server.url },
    multipart: { body: `Please see ${"https://example.com/a-very-long-unbroken-link/".repeat(3)} and ${longEmail}` },
  });
  expect(message.status()).toBe(201);

  const application = await postJson("/api/leads/credit-application", creditApplicationFixture({ BusinessName: longName, businessEmail: longEmail, homeEmail: longEmail, vendorEmail: longEmail }));
  expect(application.status).toBe(201);
  creditApplicationId = ((await application.json()) as { id: string }).id;
  const footer = await postJson("/api/leads/footer-message", {
    nameOfBusiness: longName,
    nameUser: "Nina Park",
    emailUser: longEmail,
    subjectUser: `A question: ${"x".repeat(150)}`,
    idempotencyKey: randomUUID(),
  });
  expect(footer.status).toBe(201);

  staff = await staffBrowser.newPage();
  await staff.setViewportSize(phone);
  await signInThroughUi(staff, server.url, "admin@demo.example", demoPasswords.admin);
  await staff.waitForURL(`${server.url}/back-office`);
  const vendorCreated = await staff.request.post(`${server.url}/api/back-office/vendors`, {
    headers: { origin: server.url, "content-type": "application/json" },
    data: { firstName: "Ola", companyId: "654321", companyEmail: longEmail, companyName: longName, companyAlreadyInSystem: false },
  });
  expect(vendorCreated.status()).toBe(201);
  const partnerCreated = await staff.request.post(`${server.url}/api/back-office/partners`, {
    headers: { origin: server.url, "content-type": "application/json" },
    data: {
      slug: "a".repeat(60),
      name: longName.slice(0, 80),
      primaryColor: "#0f766e",
      accentColor: "#f28c28",
      vendorName: "Valley Heavy Equipmen",
      salesPerson: "Tom Becker",
      vendorPhone: "(559) 555-0110",
    },
  });
  expect(partnerCreated.status()).toBe(201);
});
afterAll(async () => {
  await staffBrowser?.close();
  await vendorBrowser?.close();
  await server?.stop();
});

/** The page's width, and (to say what to fix) the outermost elements reaching past the screen. */
const overflow = (page: Page) =>
  page.evaluate((limit) => {
    const wide = [...document.querySelectorAll("body *")].filter((element) => element.getBoundingClientRect().right > limit + 0.5);
    const outermost = wide.filter((element) => !wide.some((other) => other !== element && other.contains(element) && other.getBoundingClientRect().right >= element.getBoundingClientRect().right));
    const describe = (element: Element) => `${element.tagName.toLowerCase()}.${[...element.classList].join(".")} (${Math.round(element.getBoundingClientRect().right)} px)`;
    return { width: document.documentElement.scrollWidth, offenders: outermost.slice(0, 5).map(describe) };
  }, phone.width);

const expectFits = async (page: Page, what = page.url()) => {
  const { width, offenders } = await overflow(page);
  expect(width, `page width of ${what}; wide: ${offenders.join(", ")}`).toBeLessThanOrEqual(phone.width);
};

/** The page fits 390 px; its navigation starts collapsed and opens and closes by keyboard. */
async function expectPhoneReady(page: Page, navigationName: string, linkName: string) {
  await expectFits(page);
  const navigation = page.getByRole("navigation", { name: navigationName });
  const menu = navigation.getByRole("button", { name: "Menu", exact: true });
  expect(await menu.getAttribute("aria-expanded")).toBe("false");
  const controlled = await menu.getAttribute("aria-controls");
  expect(controlled).toBeTruthy();
  const link = navigation.getByRole("link", { name: linkName, exact: true });
  expect(await link.isVisible()).toBe(false);
  // The content comes first: the main region starts on the first screen.
  const main = await page.getByRole("main").boundingBox();
  expect(main!.y).toBeLessThan(phone.height / 3);

  await menu.focus();
  await page.keyboard.press("Enter");
  expect(await menu.getAttribute("aria-expanded")).toBe("true");
  expect(await page.locator(`#${controlled}`).isVisible()).toBe(true);
  await link.waitFor();
  await page.keyboard.press("Tab");
  expect(await page.evaluate((id) => document.getElementById(id)!.contains(document.activeElement), controlled!)).toBe(true);
  await expectFits(page, `${page.url()} with the menu open`);
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");
  await link.waitFor({ state: "hidden" });
  expect(await menu.getAttribute("aria-expanded")).toBe("false");
  expect(await menu.evaluate((button) => button === document.activeElement)).toBe(true);
  await expectNoAxeViolations(page);
}

describe("the vendor portal at 390 px", () => {
  it("portal home: deals table, dashboard and sidebar fit; the menu opens by keyboard", async () => {
    await vendor.goto(`${server.url}/portal`);
    await vendor.getByRole("row", { name: new RegExp(longName) }).waitFor();
    await expectPhoneReady(vendor, "Vendor portal", "Handbook");
  });

  it("the New Client dialog and the Funding Communication dialog fit", async () => {
    await vendor.getByRole("button", { name: "Add client" }).click();
    const dialog = vendor.getByRole("dialog", { name: /Submit New Deal/ });
    await dialog.getByLabel("Business name").waitFor();
    await expectFits(vendor);
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(phone.width);
    await expectNoAxeViolations(vendor);
    await vendor.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });

    await vendor
      .getByRole("row", { name: new RegExp(longName) })
      .getByRole("button", { name: /Sent: see the conversation|Reply about/ })
      .click();
    const reply = vendor.getByRole("dialog", { name: /Funding Communication/ });
    await reply.getByText("https://example.com", { exact: false }).first().waitFor();
    await expectFits(vendor);
    const replyBox = await reply.boundingBox();
    expect(replyBox!.x + replyBox!.width).toBeLessThanOrEqual(phone.width);
    await expectNoAxeViolations(vendor);
    await vendor.keyboard.press("Escape");
    await reply.waitFor({ state: "hidden" });
  });

  it("a deal's own page (details, documents, messages, history, Add documents) fits; the menu opens by keyboard", async () => {
    await vendor.goto(`${server.url}/portal/deals/${dealId}`);
    await vendor.getByRole("heading", { level: 1, name: longName }).waitFor();
    await expectPhoneReady(vendor, "Vendor portal", "Handbook");
  });

  it("Quotes (form, a long quote row, the widget snippet, the Withdraw dialog) fits; the menu opens by keyboard", async () => {
    const sent = await vendor.request.post(`${server.url}/api/portal/quotes`, {
      headers: { origin: server.url, "content-type": "application/json" },
      data: { price: "123,456,789.00", customerName: longName, customerEmail: longEmail, tier: "" },
    });
    expect(sent.status()).toBe(201);
    await vendor.goto(`${server.url}/portal/quotes`);
    await vendor.getByRole("heading", { level: 1, name: "Quotes" }).waitFor();
    await vendor.getByRole("row", { name: new RegExp(longName) }).waitFor();
    await expectPhoneReady(vendor, "Vendor portal", "Handbook");
    await vendor.getByRole("button", { name: /^Withdraw the quote to / }).click();
    const dialog = vendor.getByRole("alertdialog", { name: /^Withdraw the quote to / });
    await dialog.waitFor();
    await expectFits(vendor, "the Withdraw dialog");
    await expectNoAxeViolations(vendor);
    await dialog.getByRole("button", { name: "Cancel" }).click();
  });

  it("on a desktop the sidebar shows its links and keeps its Toggle Off / Toggle On button, with no Menu button", async () => {
    await vendor.setViewportSize({ width: 1280, height: 900 });
    const navigation = vendor.getByRole("navigation", { name: "Vendor portal" });
    expect(await navigation.getByRole("button", { name: "Menu", exact: true }).isVisible()).toBe(false);
    expect(await navigation.getByRole("link", { name: "Handbook" }).isVisible()).toBe(true);
    await navigation.getByRole("button", { name: "Toggle Off" }).click();
    await navigation.getByRole("link", { name: "Handbook" }).waitFor({ state: "hidden" });
    await navigation.getByRole("button", { name: "Toggle On" }).click();
    await navigation.getByRole("link", { name: "Handbook" }).waitFor();
    await vendor.setViewportSize(phone);
  });
});

describe("the back office at 390 px", () => {
  const screens: { name: string; path: () => string; ready: (page: Page) => Promise<unknown> }[] = [
    { name: "overview", path: () => "/back-office", ready: (page) => page.getByRole("heading", { level: 1, name: /Welcome/ }).waitFor() },
    { name: "leads", path: () => "/back-office/leads", ready: (page) => page.getByRole("table").first().getByText(longEmail).first().waitFor() },
    { name: "deals", path: () => "/back-office/deals", ready: (page) => page.getByRole("link", { name: longName }).waitFor() },
    { name: "a deal", path: () => `/back-office/deals/${dealId}`, ready: (page) => page.getByRole("form", { name: "Update the deal" }).waitFor() },
    { name: "a credit application", path: () => `/back-office/credit-applications/${creditApplicationId}`, ready: (page) => page.getByRole("heading", { level: 1, name: longName }).waitFor() },
    { name: "vendors", path: () => "/back-office/vendors", ready: (page) => page.getByText(longEmail).first().waitFor() },
    { name: "partners", path: () => "/back-office/partners", ready: (page) => page.getByRole("link", { name: `/vendor_partner/${"a".repeat(60)}` }).waitFor() },
    { name: "outbox", path: () => "/back-office/outbox", ready: (page) => page.getByRole("heading", { level: 1, name: "Outbox" }).waitFor() },
    { name: "audit log", path: () => "/back-office/audit", ready: (page) => page.getByRole("heading", { level: 1, name: "Audit log" }).waitFor() },
  ];

  for (const screen of screens) {
    it(`${screen.name} fits; the menu opens by keyboard`, async () => {
      await staff.goto(`${server.url}${screen.path()}`);
      await screen.ready(staff);
      await expectPhoneReady(staff, "Back office", "Vendors");
    });
  }

  it("VendorSignUp (inside the back office) fits; the menu opens by keyboard", async () => {
    await staff.goto(`${server.url}/VendorSignUp`);
    await staff.getByRole("form", { name: "Create a vendor account" }).waitFor();
    await expectPhoneReady(staff, "Back office", "Vendors");
  });
});
