import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { samplePdf } from "../support/multipart.ts";
import { sampleCreditApplication, sampleNewDealFields } from "../../server/demo/sample-requests.ts";
import { expectNoAxeViolations, launchBrowser, type Browser } from "./support/browser.ts";
import { demoPasswords, startE2eServer, type E2eServer } from "./support/e2e-server.ts";
import { signInThroughUi } from "./support/sign-in.ts";

// Every portal and back-office screen at 390 px, with rows that hold long
// unbroken text, never scrolls the page sideways; the navigation starts collapsed behind a Menu
// button that works by keyboard; axe finds nothing.

const phone = { width: 390, height: 844 };
const longEmail = "accounts.payable.receivables.department@averyveryverylongequipmentleasingcompanydomainname.example";
const longName = "SUPERLONGUNBROKENBUSINESSNAMEFORPHONEWIDTHTESTSEQUIPMENTLEASINGHOLDINGSLLC";
const longWebhookUrl = `http://127.0.0.1:9/${"a-very-long-unbroken-webhook-path-".repeat(5)}`;
const longStip = "Certificateofgoodstandingfromthesecretaryofstateofeverystatewherethebusinessoperates";

let server: E2eServer;
let staffBrowser: Browser;
let vendorBrowser: Browser;
let staff: Page;
let vendor: Page;
let dealId = "";
let creditApplicationId = "";

const postJson = (path: string, body: unknown) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  // The Webhooks screen's endpoint is on loopback (a closed port): loopback targets are allowed for the tests only.
  server = await startE2eServer({ WEBHOOK_ALLOW_LOOPBACK: "true" });
  staffBrowser = await launchBrowser();
  vendorBrowser = await launchBrowser();

  vendor = await vendorBrowser.newPage();
  await vendor.setViewportSize(phone);
  await signInThroughUi(vendor, server.url, "vendor@demo.example", demoPasswords.vendor);
  await vendor.waitForURL(`${server.url}/portal`);
  const fields = sampleNewDealFields({
    businessName: longName,
    businessEmail: longEmail,
    equipDesc: "Compact track loader with a very long description that goes on and on",
  });
  const created = await vendor.request.post(`${server.url}/api/portal/deals`, {
    headers: { origin: server.url },
    multipart: {
      deal: JSON.stringify(fields),
      "client-info": {
        name: `${"a-very-long-file-name-".repeat(4)}application.pdf`,
        mimeType: "application/pdf",
        buffer: samplePdf,
      },
    },
  });
  expect(created.status()).toBe(201);
  dealId = ((await created.json()) as { id: string }).id;
  const second = await vendor.request.post(`${server.url}/api/portal/deals`, {
    headers: { origin: server.url },
    multipart: {
      deal: JSON.stringify(sampleNewDealFields({ businessName: "harbor bakery group" })),
      "client-info": { name: "application.pdf", mimeType: "application/pdf", buffer: samplePdf },
    },
  });
  expect(second.status()).toBe(201);
  const message = await vendor.request.post(`${server.url}/api/portal/deals/${dealId}/messages`, {
    headers: { origin: server.url },
    multipart: { body: `Please see ${"https://example.com/a-very-long-unbroken-link/".repeat(3)} and ${longEmail}` },
  });
  expect(message.status()).toBe(201);
  const webhook = await vendor.request.post(`${server.url}/api/portal/webhooks`, {
    headers: { origin: server.url, "content-type": "application/json" },
    data: { url: longWebhookUrl, events: ["deal.created"], description: `Our dealer system ${longName}` },
  });
  expect(webhook.status()).toBe(201);
  const key = await vendor.request.post(`${server.url}/api/portal/api-keys`, {
    headers: { origin: server.url, "content-type": "application/json" },
    data: { name: longName.slice(0, 80) },
  });
  expect(key.status()).toBe(201);

  const application = await postJson(
    "/api/leads/credit-application",
    sampleCreditApplication({
      BusinessName: longName,
      businessEmail: longEmail,
      homeEmail: longEmail,
      vendorEmail: longEmail,
    }),
  );
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
    data: {
      firstName: "Ola",
      companyId: "654321",
      companyEmail: longEmail,
      companyName: longName,
      companyAlreadyInSystem: false,
    },
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
  const funderCreated = await staff.request.post(`${server.url}/api/back-office/funders`, {
    headers: { origin: server.url, "content-type": "application/json" },
    data: {
      name: longName.slice(0, 80),
      contactName: "Dana Credit",
      contactEmail: longEmail,
      contactPhone: "(559) 555-0111",
      programs: "equipment-finance, lease, working-capital, line-of-credit, start-up",
      minCreditScore: "650",
      minMonthsInBusiness: "24",
      minAmount: "10,000",
      maxAmount: "5,000,000",
      industries: "construction, medical, transportation",
      states: "CA, NV, OR, TX, WA",
      active: true,
    },
  });
  expect(funderCreated.status()).toBe(201);
  const funderId = ((await funderCreated.json()) as { funder: { id: string } }).funder.id;
  const sentToFunder = await staff.request.post(`${server.url}/api/back-office/deals/${dealId}/funders`, {
    headers: { origin: server.url, "content-type": "application/json" },
    data: { funderIds: [funderId] },
  });
  expect(sentToFunder.status()).toBe(200);
  // An approval whose condition is a long stip in the funder's words: both deal pages show stips.
  const submissionId = ((await sentToFunder.json()) as { submissions: { id: string }[] }).submissions[0]!.id;
  const answered = await staff.request.post(
    `${server.url}/api/back-office/deals/${dealId}/funders/${submissionId}/answers`,
    {
      headers: { origin: server.url, "content-type": "application/json" },
      data: {
        decision: "conditioned",
        amount: "75,000",
        termMonths: "60",
        payment: "1,525.40",
        rate: "",
        downPayment: "",
        fees: "",
        expiresOn: "",
        conditions: longStip,
        declineReasons: "",
        note: "",
      },
    },
  );
  expect(answered.status()).toBe(201);
  const answerId = ((await answered.json()) as { submissions: { answers: { id: string }[] }[] }).submissions[0]!
    .answers[0]!.id;
  const presented = await staff.request.post(
    `${server.url}/api/back-office/deals/${dealId}/funders/${submissionId}/answers/${answerId}/present`,
    { headers: { origin: server.url } },
  );
  expect(presented.status()).toBe(200);
});
afterAll(async () => {
  await staffBrowser?.close();
  await vendorBrowser?.close();
  await server?.stop();
});

/** The page's width, and (to say what to fix) the outermost elements reaching past the screen. */
const overflow = (page: Page) =>
  page.evaluate((limit) => {
    const wide = [...document.querySelectorAll("body *")].filter(
      (element) => element.getBoundingClientRect().right > limit + 0.5,
    );
    const outermost = wide.filter(
      (element) =>
        !wide.some(
          (other) =>
            other !== element &&
            other.contains(element) &&
            other.getBoundingClientRect().right >= element.getBoundingClientRect().right,
        ),
    );
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}.${[...element.classList].join(".")} (${Math.round(element.getBoundingClientRect().right)} px)`;
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
  expect(await page.evaluate((id) => document.getElementById(id)!.contains(document.activeElement), controlled!)).toBe(
    true,
  );
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

  it("a deal's own page (details, approval, stips, documents, messages, history, Add documents) fits; the menu opens by keyboard", async () => {
    await vendor.goto(`${server.url}/portal/deals/${dealId}`);
    await vendor.getByRole("heading", { level: 1, name: longName }).waitFor();
    await vendor.getByRole("form", { name: `Send ${longStip}` }).waitFor();
    await expectPhoneReady(vendor, "Vendor portal", "Handbook");
  });

  it("Your link: the link, Copy, QR code and figures fit; the menu opens by keyboard", async () => {
    await vendor.goto(`${server.url}/portal/link`);
    await vendor.getByRole("heading", { level: 1, name: "Your link" }).waitFor();
    await vendor.getByRole("img", { name: /QR code/ }).waitFor();
    await expectPhoneReady(vendor, "Vendor portal", "Handbook");
  });

  it("the Webhooks screen and its Add endpoint dialog fit; the menu opens by keyboard", async () => {
    await vendor.goto(`${server.url}/portal/webhooks`);
    await vendor.getByRole("heading", { level: 2, name: longWebhookUrl }).waitFor();
    await expectPhoneReady(vendor, "Vendor portal", "Handbook");
    await vendor.getByRole("button", { name: "Add endpoint" }).click();
    const dialog = vendor.getByRole("dialog", { name: "Add endpoint" });
    await dialog.getByLabel("Endpoint address").waitFor();
    await expectFits(vendor);
    const box = await dialog.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(phone.width);
    await expectNoAxeViolations(vendor);
    await vendor.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
  });

  it("the Team screen (users, invite and hand-over forms) and its Deactivate dialog fit; the menu opens by keyboard", async () => {
    const member = "Maximiliana Bartholomew-Fitzgerald Oyelaran-Castellanos";
    const invited = await vendor.request.post(`${server.url}/api/portal/team`, {
      headers: { origin: server.url },
      data: { name: member, email: "maximiliana.bartholomew-fitzgerald@phone-width.example", dealerRole: "sales-rep" },
    });
    expect(invited.status()).toBe(201);
    await vendor.goto(`${server.url}/portal/team`);
    await vendor.getByRole("row", { name: new RegExp(member) }).waitFor();
    await expectPhoneReady(vendor, "Vendor portal", "Handbook");
    await vendor.getByRole("button", { name: `Deactivate ${member}` }).click();
    const dialog = vendor.getByRole("alertdialog", { name: `Deactivate ${member}?` });
    await dialog.waitFor();
    await expectFits(vendor);
    const box = await dialog.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(phone.width);
    await expectNoAxeViolations(vendor);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
  });

  it("the API keys screen (a key with a long name) and its shown-once dialog fit; the menu opens by keyboard", async () => {
    await vendor.goto(`${server.url}/portal/api-keys`);
    await vendor.getByRole("row", { name: new RegExp(longName.slice(0, 80)) }).waitFor();
    await expectPhoneReady(vendor, "Vendor portal", "Handbook");
    await vendor.getByLabel("Key name").fill("Phone width key");
    await vendor.getByRole("button", { name: "Create key" }).click();
    const dialog = vendor.getByRole("dialog", { name: /Your new key/ });
    await dialog.getByText(/^kec_live_/).waitFor();
    await expectFits(vendor);
    const box = await dialog.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(phone.width);
    await expectNoAxeViolations(vendor);
    await dialog.getByRole("button", { name: "Done" }).click();
    await dialog.waitFor({ state: "hidden" });
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

describe("a vendor's co-branded credit application at 390 px", () => {
  it("fits, says plainly that the dealer will see the status, and axe finds nothing", async () => {
    const page = await vendorBrowser.newPage();
    await page.setViewportSize(phone);
    await page.goto(`${server.url}/vendor_partner/demo-equipment-co/apply`);
    await page.getByRole("heading", { level: 1, name: "Credit application" }).waitFor();
    await page.getByText("Demo Equipment Co. will see the status of this request.").waitFor();
    expect(await page.getByLabel("Vendor name").inputValue()).toBe("Demo Equipment Co.");
    await expectFits(page);
    await expectNoAxeViolations(page);
    await page.close();
  });
});

describe("the back office at 390 px", () => {
  const screens: { name: string; path: () => string; ready: (page: Page) => Promise<unknown> }[] = [
    {
      name: "overview",
      path: () => "/back-office",
      ready: (page) => page.getByRole("heading", { level: 1, name: /Welcome/ }).waitFor(),
    },
    {
      name: "leads",
      path: () => "/back-office/leads",
      ready: (page) => page.getByRole("table").first().getByText(longEmail).first().waitFor(),
    },
    {
      name: "deals",
      path: () => "/back-office/deals",
      ready: (page) => page.getByRole("link", { name: longName }).waitFor(),
    },
    {
      name: "a deal",
      path: () => `/back-office/deals/${dealId}`,
      ready: (page) => page.getByRole("form", { name: "Update the deal" }).waitFor(),
    },
    {
      name: "a credit application",
      path: () => `/back-office/credit-applications/${creditApplicationId}`,
      ready: (page) => page.getByRole("heading", { level: 1, name: longName }).waitFor(),
    },
    {
      name: "vendors",
      path: () => "/back-office/vendors",
      ready: (page) => page.getByText(longEmail).first().waitFor(),
    },
    {
      name: "partners",
      path: () => "/back-office/partners",
      ready: (page) => page.getByRole("link", { name: `/vendor_partner/${"a".repeat(60)}` }).waitFor(),
    },
    {
      name: "a deal's funders",
      path: () => `/back-office/deals/${dealId}`,
      ready: (page) => page.getByRole("form", { name: `Answer of ${longName.slice(0, 80)}` }).waitFor(),
    },
    {
      name: "a deal's stips",
      path: () => `/back-office/deals/${dealId}`,
      ready: (page) => page.getByRole("form", { name: `Review ${longStip}` }).waitFor(),
    },
    {
      name: "funders",
      path: () => "/back-office/funders",
      ready: (page) => page.getByRole("form", { name: `Change ${longName.slice(0, 80)}` }).waitFor(),
    },
    {
      name: "outbox",
      path: () => "/back-office/outbox",
      ready: (page) => page.getByRole("heading", { level: 1, name: "Outbox" }).waitFor(),
    },
    {
      name: "API keys",
      path: () => "/back-office/api-keys",
      ready: (page) =>
        page
          .getByRole("row", { name: new RegExp(longName.slice(0, 80)) })
          .first()
          .waitFor(),
    },
    {
      name: "audit log",
      path: () => "/back-office/audit",
      ready: (page) => page.getByRole("heading", { level: 1, name: "Audit log" }).waitFor(),
    },
    {
      name: "response times",
      path: () => "/back-office/response-times",
      ready: (page) => page.getByRole("heading", { level: 2, name: "Overdue now" }).waitFor(),
    },
    {
      name: "declines due",
      path: () => "/back-office/adverse-action",
      ready: (page) => page.getByRole("heading", { level: 1, name: "Declines due" }).waitFor(),
    },
    {
      name: "possible duplicates",
      path: () => "/back-office/duplicates",
      ready: (page) => page.getByRole("heading", { level: 1, name: "Possible duplicates" }).waitFor(),
    },
    // Admins' screens for staff accounts and the credit team's calendar.
    {
      name: "staff",
      path: () => "/back-office/staff",
      ready: (page) => page.getByRole("table").getByText("admin@demo.example").waitFor(),
    },
    {
      name: "working calendar",
      path: () => "/back-office/working-calendar",
      ready: (page) => page.getByRole("heading", { level: 1, name: "Working calendar" }).waitFor(),
    },
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

describe("the applicant's screens at 390 px", () => {
  it("/ApplyNow's Save and finish later dialog, with a long address, fits and has no axe violations", async () => {
    const page = await vendorBrowser.newPage();
    await page.setViewportSize(phone);
    await page.goto(`${server.url}/ApplyNow`);
    const form = page.getByRole("form", { name: "Credit application" });
    await form.getByLabel("Business e-mail *").fill(longEmail);
    await form.getByRole("button", { name: "Save and finish later" }).click();
    const dialog = page.getByRole("dialog", { name: "Save and finish later" });
    await dialog.getByLabel("E-mail for the link").waitFor();
    await expectFits(page);
    const box = await dialog.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(phone.width);
    await expectNoAxeViolations(page);
    await page.close();
  });

  it("the status-mail opt-out page, before and after the click, fits and has no axe violations", async () => {
    const received = await server.smtp.waitFor(
      (mail) => mail.to.includes(longEmail) && mail.subject === "We received your credit application",
    );
    const token = /\/status-mails\/opt-out#([A-Za-z0-9_-]{43})/.exec(received.body.replace(/=\r?\n/g, ""))![1]!;
    const page = await vendorBrowser.newPage();
    await page.setViewportSize(phone);
    await page.goto(`${server.url}/status-mails/opt-out#${token}`);
    const stop = page.getByRole("button", { name: "Stop status e-mails" });
    await stop.waitFor();
    await expectFits(page);
    await expectNoAxeViolations(page);
    await stop.click();
    await page.getByRole("status").filter({ hasText: "we will send no more status e-mails" }).waitFor();
    await expectFits(page);
    await expectNoAxeViolations(page);
    await page.close();
  });
});
