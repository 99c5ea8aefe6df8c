import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { financingDisclaimer } from "../../domain/deals/deal-changes.ts";
import { priceVendorQuote } from "../../domain/pricing/vendor-quote-pricing.ts";
import { formatUsd } from "../../domain/pricing/money-format.ts";
import { yearInTimeZone } from "../../domain/site/business-time.ts";
import { defaultBrand } from "../../domain/site/brand.ts";
import { vendorQuote } from "../../server/quotes/tables.ts";
import { readPdf } from "../support/pdf-text.ts";
import { mailAttachments } from "../support/smtp-catcher.ts";
import { expectNoAxeViolations, launchBrowser, type Browser } from "./support/browser.ts";
import { demoPasswords, startE2eServer, type E2eServer } from "./support/e2e-server.ts";
import { signInThroughUi } from "./support/sign-in.ts";

// docs/product-rules.md#r20-quotes-to-customers: the vendor sends a quote; the customer's mail (real SMTP) has the PDF
// and a
// link that opens a pre-filled, attributed application; applying marks the quote applied.

let server: E2eServer;
let vendorBrowser: Browser;
let customerBrowser: Browser;

beforeAll(async () => {
  server = await startE2eServer();
  vendorBrowser = await launchBrowser();
  customerBrowser = await launchBrowser();
});
afterAll(async () => {
  await vendorBrowser?.close();
  await customerBrowser?.close();
  await server?.stop();
});

let vendor: Page;
let customer: Page;
let link = "";

describe("quotes to customers", () => {
  it("the vendor sends a quote; the customer's mail carries the PDF, every figure estimated, and the link", async () => {
    vendor = await vendorBrowser.newPage();
    await signInThroughUi(vendor, server.url, "vendor@demo.example", demoPasswords.vendor);
    await vendor.waitForURL(`${server.url}/portal`);
    await vendor.getByRole("navigation", { name: "Vendor portal" }).getByRole("link", { name: "Quotes" }).click();
    await vendor.getByRole("heading", { name: "Quotes", level: 1 }).waitFor();
    await vendor.getByText("No quotes yet.").waitFor();
    await expectNoAxeViolations(vendor);

    const form = vendor.getByRole("form", { name: "Send a quote" });
    await form.getByRole("button", { name: "Send quote" }).click();
    await form.getByText("Please enter the price in dollars, like 45,000.").waitFor();
    await form.getByLabel("Price").fill("45,000");
    await form.getByLabel("Customer name").fill("Casey Customer");
    await form.getByLabel("Customer e-mail").fill("casey@customer.example");
    await form.getByLabel("Credit tier (optional)").selectOption("2");
    await form.getByRole("button", { name: "Send quote" }).click();
    await vendor.getByRole("status").filter({ hasText: "Quote sent to casey@customer.example." }).waitFor();
    const row = vendor.getByRole("row", { name: /Casey Customer/ });
    await row.getByText("Sent", { exact: true }).waitFor();
    await expectNoAxeViolations(vendor);

    const mail = await server.smtp.waitFor((caught) => caught.to.includes("casey@customer.example"));
    const pricing = priceVendorQuote(45_000, 2, yearInTimeZone(new Date(), defaultBrand.timeZone));
    expect(mail.body).toContain(financingDisclaimer);
    const pdf = await readPdf(mailAttachments(mail).get("estimated-quote.pdf")!);
    const text = pdf.pages.join(" ");
    expect(text).toContain("estimated");
    expect(text).toContain(financingDisclaimer);
    for (const entry of pricing.terms) expect(text).toContain(`${formatUsd(entry.payment)} per month (estimated)`);
    link =
      /https?:\/\/[^\s"<>]+\/vendor_partner\/demo-equipment-co\/apply#quote=[A-Za-z0-9_-]{43}/.exec(mail.body)?.[0] ??
      "";
    expect(link).toBeTruthy();
  });

  it("the mail's link opens the application filled in and attributed; the vendor sees it opened", async () => {
    customer = await customerBrowser.newPage();
    await customer.goto(link);
    await customer.getByRole("heading", { name: "Credit application" }).waitFor();
    await customer.getByText(/reaches us with Demo Equipment Co\.'s quote of \$45,000\.00 \(estimated\)/).waitFor();
    expect(await customer.getByLabel(/^Contact person/).inputValue()).toBe("Casey Customer");
    expect(await customer.getByLabel(/^Business e-mail/).inputValue()).toBe("casey@customer.example");
    expect(await customer.getByLabel(/^Cost of equipment/).inputValue()).toBe("45,000.00");
    await expectNoAxeViolations(customer);

    await vendor.reload();
    await vendor
      .getByRole("row", { name: /Casey Customer/ })
      .getByText("Opened link")
      .waitFor();
  });

  it("sending the application marks the quote applied", async () => {
    // The customer completes and sends the application: the quote is applied and keeps the application.
    const fill = async (label: RegExp, value: string) => customer.getByLabel(label).first().fill(value);
    await fill(/^Business name/, "Casey Paving LLC");
    await fill(/^Business address/, "1 Main St");
    await customer.getByLabel(/^City/).first().fill("Fresno");
    await customer
      .getByLabel(/^State/)
      .first()
      .selectOption("CA");
    await customer.getByLabel(/^ZIP/).first().fill("93701");
    await customer.getByLabel(/^Business phone/).pressSequentially("5590100000");
    await fill(/^Date business started/, "2015-04-01");
    await fill(/^Title/, "Owner");
    await fill(/^Ownership/, "100");
    await customer.getByLabel(/^Social Security/).pressSequentially("123456789");
    await fill(/^Home address/, "2 Oak Ave");
    await customer.getByLabel(/^City/).nth(1).fill("Fresno");
    await customer
      .getByLabel(/^State/)
      .nth(1)
      .selectOption("CA");
    await customer.getByLabel(/^ZIP/).nth(1).fill("93702");
    await customer.getByLabel(/^Phone/).pressSequentially("5590100001");
    await customer.getByLabel(/I certify/).check();
    await customer.getByRole("button", { name: "Review application" }).click();
    await customer.getByRole("button", { name: "Submit application" }).click();
    await customer.waitForURL(`${server.url}/ThankYou`);

    await vendor.reload();
    await vendor
      .getByRole("row", { name: /Casey Customer/ })
      .getByText("Applied")
      .waitFor();
    const database = await server.stopAndOpenDatabase();
    const [stored] = await database.db.select().from(vendorQuote);
    expect(stored!.applicationId).toBeTruthy();
    expect(stored!.appliedAt).toBeTruthy();
  });
});
