import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { draftMessages } from "../../domain/leads/credit-application-draft-schema.ts";
import { cookieConsentStorageKey } from "../../domain/site/timing.ts";
import { creditApplication, creditApplicationDraft } from "../../server/leads/tables.ts";
import { sha256Hex } from "../../server/shared/crypto/link-token.ts";
import { sampleCreditApplication } from "../../server/demo/sample-requests.ts";
import { expectNoAxeViolations, launchBrowser, viewports, type Browser } from "./support/browser.ts";
import { startE2eServer, type E2eServer } from "./support/e2e-server.ts";

// docs/product-rules.md#r6-save-and-finish-later: an applicant fills part of the application, saves it, closes the
// browser, and
// finishes it later on another device from the mailed link; an expired link is refused plainly.

let server: E2eServer;
/** The first test's link, checked in the database by the second (one restart for both). */
let usedToken = "";
const application = sampleCreditApplication({
  BusinessName: "Harbor Bakery Resumed LLC",
  businessEmail: "nina@harbor-resumed.example",
  ssn: "472-18-5530",
});

beforeAll(async () => {
  server = await startE2eServer();
});
afterAll(async () => {
  await server?.stop();
});

async function openApplyNow(browser: Browser, path = "/ApplyNow") {
  const page = await browser.newPage();
  await page.setViewportSize(viewports.phone);
  await page.goto(`${server.url}/`);
  await page.evaluate((key) => window.localStorage.setItem(key, "true"), cookieConsentStorageKey);
  await page.goto(`${server.url}${path}`);
  return page;
}

const form = (page: Page) => page.getByRole("form", { name: "Credit application" });
const group = (page: Page, name: string) => form(page).getByRole("group", { name });

async function fill(page: Page, groupName: string, label: string, value: string) {
  const field = group(page, groupName).getByLabel(label, { exact: true });
  if ((await field.evaluate((element) => element.tagName)) === "SELECT") await field.selectOption(value);
  else await field.fill(value);
}

/** The link of the newest "Finish your credit application" mail to this address. */
async function mailedLink(to: string, after: number) {
  const mail = await server.smtp.waitFor(
    (m) =>
      m.to.includes(to) &&
      m.subject.startsWith("Finish your credit application") &&
      server.smtp.mails.indexOf(m) >= after,
  );
  expect(mail.raw).not.toContain(String(application.ssn));
  expect(mail.raw).not.toContain(String(application.FedId));
  const decoded = mail.body.replace(/=\r?\n/g, "").replace(/&amp;/g, "&");
  return /(http:\/\/localhost:\d+\/ApplyNow#resume=[A-Za-z0-9_-]{43})/.exec(decoded)![1]!;
}

/** Save and finish later: the dialog offers the business e-mail typed (or nothing), and the link goes to `email`. */
async function saveForLater(page: Page, offered: string, email = offered) {
  const before = server.smtp.mails.length;
  await form(page).getByRole("button", { name: "Save and finish later" }).click();
  const dialog = page.getByRole("dialog", { name: "Save and finish later" });
  const address = dialog.getByLabel("E-mail for the link");
  expect(await address.inputValue()).toBe(offered);
  if (email !== offered) await address.fill(email);
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Send me the link" }).click();
  await page
    .getByRole("status")
    .filter({ hasText: draftMessages.sent(email) })
    .waitFor();
  return mailedLink(email, before);
}

describe("save and finish later", () => {
  it("saves part of the application, then a new browser opens the mailed link, finds the fields back, finishes and submits", async () => {
    const first = await launchBrowser();
    const page = await openApplyNow(first);
    await fill(page, "Business information", "Business name *", String(application.BusinessName));
    await fill(page, "Business information", "Federal tax ID (EIN)", String(application.FedId));
    await fill(page, "Business information", "Business e-mail *", String(application.businessEmail));
    await fill(page, "Business information", "State *", "CA");
    await fill(page, "Owner information", "Owner name *", String(application.contactName));
    await fill(page, "Owner information", "Social Security number *", String(application.ssn));

    // A half-typed field is refused before anything is sent, with the application's own message.
    await fill(page, "Business information", "ZIP code *", "936");
    await form(page).getByRole("button", { name: "Save and finish later" }).click();
    await page.getByRole("alert").filter({ hasText: "Please correct the fields marked before saving." }).waitFor();
    await group(page, "Business information").getByText("Please enter a 5-digit ZIP code.").waitFor();
    await fill(page, "Business information", "ZIP code *", String(application.businessZipCode));

    const link = await saveForLater(page, String(application.businessEmail));
    expect(new URL(link).search).toBe("");
    await first.close();

    // Another device: a fresh browser profile, nothing shared.
    const second = await launchBrowser();
    const resumed = await second.newPage();
    await resumed.setViewportSize(viewports.phone);
    const requested: string[] = [];
    resumed.on("request", (request) => requested.push(request.url()));
    await resumed.goto(link);
    await resumed.getByRole("status").filter({ hasText: draftMessages.resumed }).waitFor();
    // The token left the address bar, and no request carried it in a URL.
    expect(resumed.url()).toBe(`${server.url}/ApplyNow`);
    const token = link.split("#resume=")[1]!;
    expect(requested.filter((url) => url.includes(token))).toEqual([]);
    const business = group(resumed, "Business information");
    expect(await business.getByLabel("Business name *").inputValue()).toBe(application.BusinessName);
    expect(await business.getByLabel("Federal tax ID (EIN)").inputValue()).toBe(application.FedId);
    expect(await business.getByLabel("ZIP code *").inputValue()).toBe(application.businessZipCode);
    expect(await business.getByLabel("State *").inputValue()).toBe("CA");
    expect(await group(resumed, "Owner information").getByLabel("Social Security number *").inputValue()).toBe(
      application.ssn,
    );
    await expectNoAxeViolations(resumed);

    // Finish it.
    for (const [label, key] of [
      ["Business address *", "businessAddress"],
      ["City *", "businessCity"],
      ["Business phone *", "businessPhone"],
      ["Contact person *", "businessContact"],
      ["Date business started *", "businessStarted"],
    ] as const) {
      await fill(resumed, "Business information", label, String(application[key]));
    }
    for (const [label, key] of [
      ["Title *", "contactTitle"],
      ["Ownership (%) *", "ownership"],
      ["Home address *", "homeAddress"],
      ["City *", "homeCity"],
      ["State *", "homeState"],
      ["ZIP code *", "homeZipcode"],
      ["Phone *", "homePhoneNumber"],
      ["E-mail *", "homeEmail"],
    ] as const) {
      await fill(resumed, "Owner information", label, String(application[key]));
    }
    await form(resumed)
      .getByLabel(/I certify/)
      .check();
    await form(resumed).getByRole("button", { name: "Review application" }).click();
    const review = resumed.getByRole("region", { name: "Review your application" });
    await review.getByRole("button", { name: "Submit application" }).click();
    await resumed.waitForURL(`${server.url}/ThankYou`);
    await server.smtp.waitFor(
      (m) => m.to.includes(String(application.businessEmail)) && m.subject === "We received your credit application",
    );

    // The used link no longer opens anything.
    await resumed.goto(link);
    await resumed.getByRole("alert").filter({ hasText: draftMessages.expired }).waitFor();
    await second.close();

    usedToken = token;
  });

  describe("an expired link", () => {
    let link = "";
    // Saving and restarting the server on the edited database take a while: a hook, not the test.
    beforeAll(async () => {
      const browser = await launchBrowser();
      const page = await openApplyNow(browser);
      await fill(page, "Business information", "Business name *", "Expired Draft Bakery");
      link = await saveForLater(page, "", "late@bakery.example");
      await browser.close();
      await server.editDatabase(async (database) => {
        // The first test's application is stored, and its draft is marked used with its payload gone.
        const [stored] = await database.db
          .select()
          .from(creditApplication)
          .where(eq(creditApplication.businessName, String(application.BusinessName)));
        expect(stored).toMatchObject({ businessZipCode: "93650", fedIdLast4: "4321" });
        const [used] = await database.db
          .select()
          .from(creditApplicationDraft)
          .where(eq(creditApplicationDraft.tokenHash, sha256Hex(usedToken)));
        expect(used).toMatchObject({ payloadEncrypted: null, usedAt: expect.any(Date) });
        await database.db.update(creditApplicationDraft).set({ expiresAt: new Date(Date.now() - 60_000) });
      });
    });

    it("is refused with a plain message, and no field is filled", async () => {
      const later = await launchBrowser();
      const reopened = await later.newPage();
      await reopened.setViewportSize(viewports.phone);
      await reopened.goto(link);
      await reopened.getByRole("alert").filter({ hasText: draftMessages.expired }).waitFor();
      expect(await group(reopened, "Business information").getByLabel("Business name *").inputValue()).toBe("");
      await expectNoAxeViolations(reopened);
      await later.close();
    });
  });
});
