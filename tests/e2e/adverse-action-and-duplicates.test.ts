import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultBrand } from "../../domain/site/brand.ts";
import { createAuth } from "../../server/auth/create-auth.ts";
import { sampleCreditApplication, sampleNewDealFields } from "../../server/demo/sample-requests.ts";
import { revokeCreatedCredentials } from "../../server/accounts/revoke-created-credentials.ts";
import { mailAttachments } from "../support/mail-attachments.ts";
import { samplePdf } from "../support/multipart.ts";
import { readPdf } from "../support/pdf-text.ts";
import { createVendor } from "../support/vendor-fixtures.ts";
import { expectNoAxeViolations, launchBrowser, type Browser } from "./support/browser.ts";
import { demoPasswords, startE2eServer, type E2eServer } from "./support/e2e-server.ts";
import { signInThroughUi } from "./support/sign-in.ts";

// docs/product-rules.md#r31-declining-and-sending-the-notice and docs/product-rules.md#r32-duplicates-within-90-days: a
// declined deal's adverse-action notice (12 CFR 1002.9) is previewed
// and mailed as a PDF; a business applying twice is flagged for staff and for no vendor.

let server: E2eServer;
let staffBrowser: Browser;
let vendorBrowser: Browser;
let otherVendorBrowser: Browser;
let second: { email: string; password: string };

const business = "TWICE APPLIED PAVING";
const directBusiness = "Twice Applied Paving Direct LLC";
const taxId = "74-5550001";
const applicant = "owner@twice-applied.example";

beforeAll(async () => {
  // A second dealer company (the demo has one vendor with a known password).
  server = await startE2eServer({}, async (database, { url }) => {
    second = await createVendor(
      database,
      createAuth({
        db: database.db,
        secret: "e2e-secret-e2e-secret-e2e-secret-0001",
        publicUrl: url,
        brand: defaultBrand,
        revokeCreatedCredentials,
      }),
      "Second Test Dealer",
    );
  });
  [staffBrowser, vendorBrowser, otherVendorBrowser] = await Promise.all([
    launchBrowser(),
    launchBrowser(),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await staffBrowser?.close();
  await vendorBrowser?.close();
  await otherVendorBrowser?.close();
  await server?.stop();
});

describe("a business applying through a dealer and directly", () => {
  let staff: Page;
  let dealer: Page;
  let dealId: string;

  it("is flagged on the back office's Possible duplicates list", async () => {
    dealer = await vendorBrowser.newPage();
    await signInThroughUi(dealer, server.url, second.email, second.password);
    await dealer.waitForURL(`${server.url}/portal`);
    const created = await dealer.request.post(`${server.url}/api/portal/deals`, {
      headers: { origin: server.url },
      multipart: {
        deal: JSON.stringify(
          sampleNewDealFields({
            businessName: business.toLowerCase(),
            ownersName: "Petra Stone",
            businessEmail: applicant,
            businessTaxId: taxId,
          }),
        ),
        "client-info": { name: "application.pdf", mimeType: "application/pdf", buffer: samplePdf },
      },
    });
    expect(created.status()).toBe(201);
    dealId = (await created.json()).id;
    // The same business applies directly, with the same tax id (another e-mail and phone).
    const direct = await dealer.request.post(`${server.url}/api/leads/credit-application`, {
      headers: { origin: server.url },
      data: sampleCreditApplication({
        BusinessName: directBusiness,
        FedId: taxId,
        businessEmail: "books@twice-direct.example",
        businessPhone: "(559) 555-0999",
      }),
    });
    expect(direct.status()).toBe(201);

    staff = await staffBrowser.newPage();
    await signInThroughUi(staff, server.url, "admin@demo.example", demoPasswords.admin);
    await staff.waitForURL(`${server.url}/back-office`);
    await staff.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Duplicates" }).click();
    await staff.getByRole("heading", { level: 1, name: "Possible duplicates" }).waitFor();
    const row = staff.getByRole("row", { name: new RegExp(directBusiness) });
    await row.getByRole("link", { name: new RegExp(`${business} \\(deal VP\\d+, Second Test Dealer\\)`) }).waitFor();
    await row.getByText("same tax ID").waitFor();
    await expectNoAxeViolations(staff);

    // The deal's page carries the flag too.
    await staff.goto(`${server.url}/back-office/deals/${dealId}`);
    await staff
      .getByRole("region", { name: "Possible duplicates" })
      .getByRole("status")
      .getByText(/1 possible duplicate to decide/)
      .waitFor();
  });

  it("shows the dealers nothing of it: neither the one whose deal it is nor the other", async () => {
    await dealer.goto(`${server.url}/portal/deals/${dealId}`);
    await dealer.getByRole("heading", { level: 1, name: business }).waitFor();
    for (const page of [dealer]) {
      const text = await page.locator("body").innerText();
      expect(text).not.toContain(directBusiness);
      expect(text).not.toMatch(/duplicate/i);
    }
    const other = await otherVendorBrowser.newPage();
    await signInThroughUi(other, server.url, "vendor@demo.example", demoPasswords.vendor);
    await other.waitForURL(`${server.url}/portal`);
    await other.getByRole("heading", { level: 1 }).first().waitFor();
    const otherText = await other.locator("body").innerText();
    expect(otherText).not.toContain(business);
    expect(otherText).not.toContain(directBusiness);
    expect((await other.request.get(`${server.url}/api/portal/deals/${dealId}`)).status()).toBe(404);
    expect((await other.request.get(`${server.url}/api/back-office/duplicates`)).status()).toBe(403);
  });

  it("declined by staff, produces a notice PDF they preview and send, mailed to the applicant", async () => {
    await staff.goto(`${server.url}/back-office/deals/${dealId}`);
    const form = staff.getByRole("form", { name: "Update the deal" });
    await form.getByLabel("Stage").selectOption({ label: "Declined" });
    await form.getByRole("button", { name: "Save changes" }).click();
    const section = staff.getByRole("region", { name: "Adverse-action notice" });
    await section
      .getByRole("status")
      .getByText(/the notice is due by .* \(30 days left\)/)
      .waitFor();

    const content = section.getByRole("form", { name: "Notice content" });
    await content.getByLabel("Length of time in business").check();
    await content.getByLabel("Other reason (your own words)").fill("Equipment outside our lending program");
    await content.getByRole("button", { name: "Save reasons" }).click();
    const preview = section.getByRole("link", { name: "Preview notice" });
    await preview.waitFor();
    const [download] = await Promise.all([staff.waitForEvent("download"), preview.click()]);
    expect(download.suggestedFilename()).toMatch(/^notice-of-action-deal-.*\.pdf$/);
    const previewed = (await readPdf(await readFile((await download.path())!))).pages.join(" ");
    expect(previewed).toContain("Length of time in business");

    await section.getByRole("button", { name: "Send notice" }).click();
    const dialog = staff.getByRole("alertdialog", { name: "Send the notice?" });
    await dialog.getByText(applicant).waitFor();
    await dialog.getByRole("button", { name: "Send the notice" }).click();
    await section
      .getByRole("status")
      .getByText(/Notice sent on/)
      .waitFor();
    await expectNoAxeViolations(staff);

    // The declined status mail ("a written notice … will follow") comes first; the notice is its own mail.
    const notice = `Notice of action taken on your application with ${defaultBrand.name}`;
    const mail = await server.smtp.waitFor((each) => each.to.includes(applicant) && each.subject === notice);
    const statusMail = await server.smtp.waitFor((each) => each.to.includes(applicant) && each.subject !== notice);
    expect(statusMail.body).toContain(
      "A written notice with the reasons for this decision and your rights will follow",
    );
    const [pdf] = mailAttachments(mail.raw, "application/pdf");
    expect(pdf).toBeDefined();
    const text = (await readPdf(pdf!.content)).pages.join(" ");
    expect(text).toContain("Notice of Action Taken");
    expect(text).toContain(`we cannot grant credit to ${business}`);
    expect(text).toContain("Length of time in business");
    expect(text).toContain("Equipment outside our lending program");
    expect(text).toContain("The Federal Equal Credit Opportunity Act prohibits creditors from discriminating");
    expect(text).toContain("[Federal regulator name and address]");
    expect(text).not.toContain(taxId);

    // The deal records the date; it left the Declines due list.
    await form.getByLabel("Notice sent").waitFor();
    expect(await form.getByLabel("Notice sent").inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await staff.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Declines due" }).click();
    await staff.getByRole("heading", { level: 1, name: "Declines due" }).waitFor();
    expect(await staff.locator("main").innerText()).not.toContain(business);
    await expectNoAxeViolations(staff);
  });
});
