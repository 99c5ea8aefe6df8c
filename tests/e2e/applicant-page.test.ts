import { eq, sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieConsentStorageKey } from "../../domain/site/timing.ts";
import { slugFromName } from "../../domain/vendors/vendor-slug.ts";
import { sampleCreditApplication } from "../../server/demo/sample-requests.ts";
import { demoCompany } from "../../server/demo/seed-demo.ts";
import { deal } from "../../server/deals/tables.ts";
import { dealStip } from "../../server/stips/tables.ts";
import { samplePdf } from "../support/multipart.ts";
import { expectNoAxeViolations, launchBrowser, type Browser } from "./support/browser.ts";
import { startE2eServer, type E2eServer } from "./support/e2e-server.ts";

// docs/product-rules.md#r56-the-applicants-page: a customer who applied through a dealer's link gets the
// "received" mail; its link opens their own page after a mailed code, on a phone, by keyboard; the page
// says where the application stands and takes the file the credit team asked for.

const phone = { width: 390, height: 844 };
const applicant = "owner@harbor-applicant.example";
const ssn = "472-18-5530";
let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  server = await startE2eServer();
  browser = await launchBrowser();
  const applied = await fetch(`${server.url}/api/leads/credit-application`, {
    method: "POST",
    headers: { origin: server.url, "content-type": "application/json" },
    body: JSON.stringify(
      sampleCreditApplication({
        vendorSlug: slugFromName(demoCompany.name),
        BusinessName: "Harbor Applicant Bakery LLC",
        businessEmail: applicant,
        ssn,
      }),
    ),
  });
  expect(applied.status).toBe(201);
  const { id } = (await applied.json()) as { id: string };
  // The credit team asked for a stip the applicant satisfies (the stips' own screens make one the same way).
  await server.editDatabase(async (database) => {
    const [found] = await database.db.select({ id: deal.id }).from(deal).where(eq(deal.referralLeadId, id));
    await database.db.insert(dealStip).values({
      dealId: found!.id,
      name: "Bank statements (last 3 months)",
      description: "The last three months of the business's bank statements, every page.",
      satisfiedBy: "applicant",
      createdAt: sql`now()`,
    });
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const decoded = (body: string) => body.replace(/=\r?\n/g, "").replace(/&amp;/g, "&");

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe("the applicant's page at 390 px", () => {
  it("opens from the mail's link with the mailed code, by keyboard: the status in plain words, and a file sent for a stip", async () => {
    const received = await server.smtp.waitFor(
      (mail) => mail.to.includes(applicant) && mail.subject === "We received your credit application",
    );
    expect(received.raw).not.toContain(ssn);
    const link = /(http:\/\/localhost:\d+\/application#[A-Za-z0-9_-]{43})/.exec(decoded(received.body))![1]!;

    const page = await browser.newPage();
    await page.setViewportSize(phone);
    await page.goto(`${server.url}/`);
    await page.evaluate((key) => window.localStorage.setItem(key, "true"), cookieConsentStorageKey);
    await page.goto(link);
    const ask = page.getByRole("button", { name: "E-mail me a code" });
    await ask.waitFor();
    // The token left the address bar before anything else ran.
    expect(page.url()).toBe(`${server.url}/application`);
    expect(await pageWidth(page)).toBeLessThanOrEqual(phone.width);
    await expectNoAxeViolations(page);

    const before = server.smtp.mails.length;
    await ask.focus();
    await page.keyboard.press("Enter");
    await page
      .getByRole("status")
      .filter({ hasText: "We sent a 6-digit code to o•••@harbor-applicant.example" })
      .waitFor();
    const codeMail = await server.smtp.waitFor(
      (mail) =>
        mail.to.includes(applicant) &&
        mail.subject === "Your code to see your application" &&
        server.smtp.mails.indexOf(mail) >= before,
    );
    const code = /Your code is (\d{6})/.exec(decoded(codeMail.body))![1]!;
    const field = page.getByLabel("6-digit code");
    await expectNoAxeViolations(page);
    // A wrong code is refused at the field, with the tries left.
    await field.focus();
    await page.keyboard.type(code === "000000" ? "111111" : "000000");
    await page.keyboard.press("Enter");
    await page.getByText("That code is not right. You can try 4 more times.").waitFor();
    await field.fill("");
    await field.focus();
    await page.keyboard.type(code);
    await page.keyboard.press("Enter");

    await page.getByRole("heading", { name: "We received your application" }).waitFor();
    await page.getByText("HARBOR APPLICANT BAKERY LLC", { exact: false }).first().waitFor();
    expect(await page.content()).not.toContain(ssn);
    const stip = page.getByRole("listitem").filter({ hasText: "Bank statements (last 3 months)" });
    await stip.getByText("Status: Needed").waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(phone.width);
    await expectNoAxeViolations(page);

    // Sending with no file says so at the field; then a PDF goes in.
    const send = stip.getByRole("button", { name: "Send" });
    await send.focus();
    await page.keyboard.press("Enter");
    await stip.getByText("Please choose at least one file.").waitFor();
    await stip.getByLabel("Files for Bank statements (last 3 months)").setInputFiles({
      name: "statements.pdf",
      mimeType: "application/pdf",
      buffer: samplePdf,
    });
    await stip.getByLabel("A note for us (optional)").fill("All three months");
    await send.focus();
    await page.keyboard.press("Enter");
    await stip.getByRole("status").filter({ hasText: "Thank you: we received your files" }).waitFor();
    await stip.getByText("Status: Received: we are checking it").waitFor();
    await expectNoAxeViolations(page);

    // Closing the page ends the session: the link's code is needed again.
    await page.getByRole("button", { name: "Close my page" }).click();
    await page.getByRole("button", { name: "E-mail me a code" }).waitFor();
    await page.reload();
    await page.getByRole("status").filter({ hasText: "open the link in your e-mail again" }).waitFor();
    await expectNoAxeViolations(page);
    await page.close();
  });
});
