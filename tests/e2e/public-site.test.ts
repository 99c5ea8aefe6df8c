import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passwordResetMessages } from "../../domain/auth/password-reset-schema.ts";
import { creditApplicationFailure } from "../../domain/leads/credit-application-schema.ts";
import { footerMessageSent } from "../../domain/leads/footer-message-schema.ts";
import { vendorContactMessages } from "../../domain/leads/vendor-contact-schema.ts";
import { defaultBrand } from "../../domain/site/brand.ts";
import { pageTitle, publicPages } from "../../domain/site/public-routes.ts";
import { cookieConsentStorageKey } from "../../domain/site/timing.ts";
import { creditApplication, creditApplicationOwner, footerMessage, vendorContact } from "../../server/leads/tables.ts";
import { sampleCreditApplication } from "../../server/demo/sample-requests.ts";
import { passwordLinkIn } from "../support/password-link.ts";
import { expectNoAxeViolations, launchBrowser, viewports, type Browser } from "./support/browser.ts";
import { demoPasswords, startE2eServer, type E2eServer } from "./support/e2e-server.ts";

let server: E2eServer;
let browser: Browser;
const application = sampleCreditApplication();

beforeAll(async () => {
  server = await startE2eServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function acceptCookies(page: Page) {
  await page.evaluate((key) => window.localStorage.setItem(key, "true"), cookieConsentStorageKey);
}

describe.each(Object.entries(viewports))("every public page at %s width", (_name, viewport) => {
  let page: Page;
  beforeAll(async () => {
    page = await browser.newPage();
    await page.setViewportSize(viewport);
  });
  afterAll(() => page.close());

  // One test per page: the whole walk with axe is over a minute.
  it.each(publicPages.map((publicPage) => [publicPage.path, publicPage] as const))(
    "%s renders with its title and no axe violations",
    async (_path, publicPage) => {
      await page.goto(`${server.url}${publicPage.path}`);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      expect(await page.title()).toBe(pageTitle(defaultBrand.name, publicPage.page));
      await expectNoAxeViolations(page);
    },
  );
});

describe("public pages", () => {
  it("serves /About as readable HTML and redirects /about", async () => {
    const html = await (await fetch(`${server.url}/About`)).text();
    expect(html).toContain("<title>About - Keystone Equipment Capital</title>");
    expect(html).toContain('<meta name="description" content="Who we are');
    expect(html).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
    const redirect = await fetch(`${server.url}/about`, { redirect: "manual" });
    expect([redirect.status, redirect.headers.get("location")]).toEqual([301, "/About"]);
  });

  it("never lets the credit application page be cached, and serves both PDFs", async () => {
    expect((await fetch(`${server.url}/ApplyNow`)).headers.get("cache-control")).toBe("no-store");
    for (const pdf of [defaultBrand.creditApplicationPdf, defaultBrand.vendorHandbookPdf]) {
      const response = await fetch(`${server.url}${pdf}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/pdf");
      expect((await response.text()).startsWith("%PDF-")).toBe(true);
    }
  });
});

describe("chrome", () => {
  it("loads the footer's contact form without moving the page (no layout shift on a short page)", async () => {
    const page = await browser.newPage();
    await page.setViewportSize(viewports.phone);
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) =>
        list.getEntries().forEach((entry) => shifts.push((entry as unknown as { value: number }).value)),
      ).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto(`${server.url}/ClientLogin`);
    await page.getByRole("form", { name: "Contact us" }).waitFor();
    await page.locator("header[data-hydrated]").waitFor();
    expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);
    await page.close();
  });

  it("collapses the menu behind a burger below 1070 px, which opens, closes with Escape and by keyboard", async () => {
    const page = await browser.newPage();
    await page.setViewportSize(viewports.phone);
    await page.goto(`${server.url}/`);
    await page.locator("header[data-hydrated]").waitFor();
    const burger = page.getByRole("button", { name: "Open menu" });
    expect(await page.getByRole("navigation", { name: "Menu" }).isVisible()).toBe(false);
    await burger.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("navigation", { name: "Menu" });
    await menu.waitFor();
    for (const item of [
      "Home",
      "About Us",
      "Equipment Financing",
      "Equipment Leasing",
      "Working Capital",
      "Start-up Program",
      "Vendor Portal",
    ]) {
      expect(await menu.getByRole("link", { name: item, exact: true }).isVisible()).toBe(true);
    }
    expect(await page.getByRole("button", { name: "Close menu" }).getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "hidden" });
    await page.setViewportSize(viewports.desktop);
    const main = page.getByRole("navigation", { name: "Main" });
    for (const item of ["Home", "About Us", "Contact Us", "Programs", "Vendor Portal", "Login"]) {
      expect(await main.getByRole("link", { name: item, exact: true }).isVisible()).toBe(true);
    }
    expect(await main.getByRole("link", { name: /Try For Free/ }).getAttribute("target")).toBe("_blank");
    await page.close();
  });

  it("asks for cookie consent until a choice is stored, with a 185-character preview", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/About`);
    const banner = page.getByRole("region", { name: "Cookie consent" });
    await banner.waitFor();
    const preview = (await banner.locator("p").textContent())!.replace(/ ?view more\.\.\.$/, "");
    expect(preview.length).toBeLessThanOrEqual(186);
    await banner.getByRole("button", { name: "view more..." }).click();
    expect((await banner.locator("p").textContent())!.length).toBeGreaterThan(186);
    await banner.getByRole("button", { name: "Decline" }).click();
    await banner.waitFor({ state: "detached" });
    expect(await page.evaluate((key) => window.localStorage.getItem(key), cookieConsentStorageKey)).toBe("false");
    await page.reload();
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.waitForTimeout(200);
    expect(await banner.count()).toBe(0);
    await page.evaluate((key) => window.localStorage.removeItem(key), cookieConsentStorageKey);
    await page.reload();
    await banner.getByRole("button", { name: "Accept" }).click();
    expect(await page.evaluate((key) => window.localStorage.getItem(key), cookieConsentStorageKey)).toBe("true");
    await page.close();
  });

  it("paints the cookie banner with the page, hides it before paint once answered, and never without JavaScript", async () => {
    const page = await browser.newPage();
    // No module ever runs: what shows is the prerendered page and the script in its head.
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.goto(`${server.url}/About`);
    await page.evaluate((key) => window.localStorage.removeItem(key), cookieConsentStorageKey);
    await page.reload();
    const banner = page.getByRole("region", { name: "Cookie consent" });
    await banner.waitFor();
    await page.evaluate((key) => window.localStorage.setItem(key, "true"), cookieConsentStorageKey);
    await page.reload();
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await page.locator("#cookie-consent").count()).toBe(1);
    expect(await banner.count()).toBe(0);
    await page.close();
    const html = await (await fetch(`${server.url}/About`)).text();
    expect(html).toContain("<noscript><style>#cookie-consent{display:none}</style></noscript>");
  });
});

describe("lead forms", () => {
  it("sends the footer contact form and shows the sent mark", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/EquipmentFinance`);
    await acceptCookies(page);
    const form = page.getByRole("form", { name: "Contact us" });
    await form.getByRole("button", { name: "Send message" }).click();
    await form.getByText("Please enter your name.").waitFor();
    await form.getByLabel("Business name").fill("Harbor Bakery");
    await form.getByLabel("Your name").fill("Nina Park");
    await form.getByLabel("E-mail").fill("nina@harbor.example");
    await form.getByLabel("Message").fill("Looking to finance two ovens.");
    await form.getByRole("button", { name: "Send message" }).click();
    await page.getByRole("status").filter({ hasText: footerMessageSent }).waitFor();
    await server.smtp.waitFor((mail) => mail.subject === "New website message from Nina Park");
    await page.close();
  });

  it("sends the vendor contact dialog, keeping focus inside it", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/DealerServices`);
    await acceptCookies(page);
    const signUp = page.getByRole("button", { name: "Sign Up" });
    await signUp.click();
    const dialog = page.getByRole("dialog", { name: "Become a vendor partner" });
    await dialog.getByLabel("Business name").waitFor();
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await dialog.getByLabel("Business name").fill("Summit Trailers");
    await dialog.getByLabel("Contact name").fill("Ana Ruiz");
    await dialog.getByLabel("Phone number").pressSequentially("5550102233");
    expect(await dialog.getByLabel("Phone number").inputValue()).toBe("(555) 010-2233");
    await dialog.getByLabel("Email").fill("ana@summit.example");
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Send" }).click();
    await dialog.getByText(vendorContactMessages.success).waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await signUp.evaluate((element) => element === document.activeElement)).toBe(true);
    await server.smtp.waitFor((mail) => mail.subject === "New vendor sign-up request: Summit Trailers");
    await page.close();
  });

  it("submits a full credit application with a second owner after a review step", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/ApplyNow`);
    await acceptCookies(page);
    const form = page.getByRole("form", { name: "Credit application" });
    await form.getByLabel("Business name").fill(String(application.BusinessName));
    await form.getByRole("button", { name: "Review application" }).click();
    await page.getByRole("alert").filter({ hasText: creditApplicationFailure }).waitFor();
    expect(await form.getByLabel("Business name").inputValue()).toBe(application.BusinessName);

    const group = (name: string) => form.getByRole("group", { name });
    const fill = async (scope: ReturnType<typeof group>, label: string, value: string, exact = true) => {
      const field = scope.getByLabel(label, { exact });
      if ((await field.evaluate((element) => element.tagName)) === "SELECT") await field.selectOption(value);
      else await field.fill(value);
    };
    const business = group("Business information");
    await fill(business, "Federal tax ID (EIN)", String(application.FedId));
    await fill(business, "Business address *", String(application.businessAddress));
    await fill(business, "City *", String(application.businessCity));
    await fill(business, "State *", String(application.businessState));
    await fill(business, "ZIP code *", String(application.businessZipCode));
    await fill(business, "Business phone *", String(application.businessPhone));
    await fill(business, "Business e-mail *", String(application.businessEmail));
    await fill(business, "Contact person *", String(application.businessContact));
    await fill(business, "Annual gross revenue", String(application.businessAGR));
    await fill(business, "Date business started *", String(application.businessStarted));
    const ownerValues = (suffix: string) => [
      ["Owner name *", `contactName${suffix}`],
      ["Title *", `contactTitle${suffix}`],
      ["Ownership (%) *", `ownership${suffix}`],
      ["Social Security number *", `ssn${suffix}`],
      ["Home address *", `homeAddress${suffix}`],
      ["City *", `homeCity${suffix}`],
      ["State *", `homeState${suffix}`],
      ["ZIP code *", `homeZipcode${suffix}`],
      ["Phone *", `homePhoneNumber${suffix}`],
      ["E-mail *", `homeEmail${suffix}`],
    ];
    for (const [label, key] of ownerValues(""))
      await fill(group("Owner information"), label!, String(application[key!]));
    await form.getByLabel("Add a second owner").check();
    for (const [label, key] of ownerValues("2"))
      await fill(group("Second owner information"), label!, String(application[key!]));
    const vendor = group("Vendor information");
    await fill(vendor, "Vendor name", String(application.VendorName));
    await fill(vendor, "Cost of equipment", String(application.COE));
    await fill(vendor, "Equipment description", String(application.equipmentDescription));
    await fill(vendor, "Vendor contact name", String(application.vendorContactName));
    await fill(vendor, "Vendor phone", String(application.vendorPhoneNumber));
    await fill(vendor, "Vendor e-mail", String(application.vendorEmail));
    await form.getByLabel(/I certify/).check();
    await expectNoAxeViolations(page);
    await form.getByRole("button", { name: "Review application" }).click();

    const review = page.getByRole("region", { name: "Review your application" });
    await review.waitFor();
    expect(await review.textContent()).toContain("•••-••-4207");
    expect(await review.textContent()).not.toContain("531-86-4207");
    await expectNoAxeViolations(page);
    await review.getByRole("button", { name: "Submit application" }).click();
    await page.waitForURL(`${server.url}/ThankYou`);
    await page.getByRole("heading", { name: "Thank you!" }).waitFor();
    const mail = await server.smtp.waitFor((m) => m.subject === `New credit application: ${application.BusinessName}`);
    expect(mail.raw).not.toContain("531-86-4207");
    await page.close();
  });

  it("resets a vendor's password through the mailed link", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/VendorLogin`);
    await acceptCookies(page);
    await page.getByRole("button", { name: "Forgot Password?" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Reset your password" });
    await dialog.getByLabel("E-mail").fill("vendor@demo.example");
    await dialog.getByRole("button", { name: "Send reset link" }).click();
    await dialog.getByText(passwordResetMessages.sent).waitFor();
    const mail = await server.smtp.waitFor(
      (m) => m.to.includes("vendor@demo.example") && m.subject.startsWith("Reset"),
    );
    const { link, token } = passwordLinkIn(mail.body);
    const requested: string[] = [];
    page.on("request", (request) => requested.push(request.url()));
    await page.goto(link);
    await page.getByLabel("New password", { exact: true }).fill("a-brand-new-password");
    // The page took the token out of the address bar (and so out of history) as it opened.
    await expect.poll(() => page.url()).toBe(`${server.url}/reset-password`);
    await page.getByLabel("Repeat the new password").fill("a-brand-new-password");
    await page.getByRole("button", { name: "Save password" }).click();
    await page.getByText(passwordResetMessages.changed).waitFor();
    expect(requested.length).toBeGreaterThan(0);
    expect(requested.filter((url) => url.includes(token) || url.includes("token="))).toEqual([]);
    const form = page.getByRole("form", { name: "Vendor sign-in" });
    // Back from the next page lands on the token-free address (the page is up before Back, so
    // Back is not taken while it is still loading).
    await page.goto(`${server.url}/VendorLogin`);
    await form.waitFor();
    await page.goBack();
    await expect.poll(() => page.url()).toBe(`${server.url}/reset-password`);
    await page.goto(`${server.url}/VendorLogin`);
    await form.getByLabel("E-mail").fill("vendor@demo.example");
    await form.getByLabel("Password", { exact: true }).fill(demoPasswords.vendor);
    await form.getByRole("button", { name: "SUBMIT" }).click();
    await form.getByRole("alert").waitFor();
    await form.getByLabel("Password", { exact: true }).fill("a-brand-new-password");
    await form.getByRole("button", { name: "SUBMIT" }).click();
    await page.waitForURL(`${server.url}/portal`);
    await page.close();
  });
});

describe("what was stored", () => {
  it("holds each record, with no SSN or tax id in clear text in the database files", async () => {
    const database = await server.stopAndOpenDatabase();
    const [message] = await database.db.select().from(footerMessage).where(eq(footerMessage.nameUser, "Nina Park"));
    expect(message).toMatchObject({ nameOfBusiness: "Harbor Bakery", emailUser: "nina@harbor.example" });
    const [contact] = await database.db
      .select()
      .from(vendorContact)
      .where(eq(vendorContact.businessName, "Summit Trailers"));
    expect(contact).toMatchObject({ contactName: "Ana Ruiz", phoneNumber: "(555) 010-2233" });
    const [stored] = await database.db
      .select()
      .from(creditApplication)
      .where(eq(creditApplication.businessName, String(application.BusinessName)));
    expect(stored).toMatchObject({ costOfEquipment: 185000, vendorName: "Valley Heavy Equipment", fedIdLast4: "4321" });
    const owners = await database.db
      .select()
      .from(creditApplicationOwner)
      .where(eq(creditApplicationOwner.applicationId, stored!.id));
    expect(owners.map((owner) => owner.ssnLast4).sort()).toEqual(["3378", "4207"]);

    const files = await readdir(server.dataDir, { recursive: true, withFileTypes: true });
    let found = false;
    for (const file of files.filter((entry) => entry.isFile())) {
      const bytes = await readFile(path.join(file.parentPath, file.name));
      if (bytes.includes("Granite Peak")) found = true;
      for (const secret of ["531-86-4207", "612-49-3378", "98-7654321"])
        expect(bytes.includes(secret), `${secret} in ${file.name}`).toBe(false);
    }
    expect(found).toBe(true);
  });
});
