import { and, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addCalendarDays, businessDayOf } from "#domain/site/business-day.ts";
import { auditLog } from "../../server/audit/tables.ts";
import { dealDocument } from "../../server/deals/tables.ts";
import { samplePdf, samplePng } from "../support/multipart.ts";
import { sampleNewDealFields } from "../../server/demo/sample-requests.ts";
import { expectNoAxeViolations, launchBrowser, type Browser } from "./support/browser.ts";
import { demoPasswords, startE2eServer, type E2eServer } from "./support/e2e-server.ts";
import { signInThroughUi } from "./support/sign-in.ts";

// docs/product-rules.md#r14-messages-and-waiting-for-us: staff see and download vendors' attachments and answer with
// files; the vendor's page
// per deal, its unread marker (list and sidebar) and documents added later.

let server: E2eServer;
let staffBrowser: Browser;
let vendorBrowser: Browser;

beforeAll(async () => {
  server = await startE2eServer();
  staffBrowser = await launchBrowser();
  vendorBrowser = await launchBrowser();
});
afterAll(async () => {
  await staffBrowser?.close();
  await vendorBrowser?.close();
  await server?.stop();
});

const file = (name: string, buffer: Buffer, mimeType: string) => ({ name, mimeType, buffer });
const business = "ATTACHED ANVIL WORKS";

describe("a deal's page on both sides", () => {
  let staff: Page;
  let vendor: Page;
  let dealId: string;

  it("shows staff the vendor's attachment on the deal page, as an audited download", async () => {
    vendor = await vendorBrowser.newPage();
    await signInThroughUi(vendor, server.url, "vendor@demo.example", demoPasswords.vendor);
    await vendor.waitForURL(`${server.url}/portal`);
    const created = await vendor.request.post(`${server.url}/api/portal/deals`, {
      headers: { origin: server.url },
      multipart: {
        deal: JSON.stringify(sampleNewDealFields({ businessName: business.toLowerCase() })),
        "client-info": { name: "application.pdf", mimeType: "application/pdf", buffer: samplePdf },
      },
    });
    expect(created.status()).toBe(201);
    dealId = (await created.json()).id;

    // The list links each deal to its page; the vendor writes there with an attachment.
    await vendor.reload();
    await vendor
      .getByRole("row", { name: new RegExp(business) })
      .getByRole("link", { name: business })
      .click();
    await vendor.waitForURL(`${server.url}/portal/deals/${dealId}`);
    await vendor.getByRole("heading", { level: 1, name: business }).waitFor();
    const write = vendor.getByRole("form", { name: "Write to the credit team" });
    await write.getByLabel("Message", { exact: true }).fill("Here is the signed quote.");
    await write
      .getByLabel("Attachments (optional)")
      .setInputFiles([file("signed-quote.pdf", samplePdf, "application/pdf")]);
    await write.getByRole("button", { name: "Send" }).click();
    await vendor.getByText("Message sent to the credit team.").waitFor();
    await vendor.getByRole("link", { name: "signed-quote.pdf" }).waitFor();

    staff = await staffBrowser.newPage();
    await signInThroughUi(staff, server.url, "admin@demo.example", demoPasswords.admin);
    await staff.waitForURL(`${server.url}/back-office`);
    await staff.goto(`${server.url}/back-office/deals/${dealId}`);
    const thread = staff.getByRole("region", { name: "Messages with the vendor" });
    await thread.getByText("Here is the signed quote.").waitFor();
    const link = thread.getByRole("link", { name: "signed-quote.pdf" });
    expect(await link.getAttribute("href")).toMatch(/^\/api\/back-office\/documents\/[0-9a-f-]{36}$/);
    const [download] = await Promise.all([staff.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe("signed-quote.pdf");
    expect(await download.failure()).toBeNull();
    const response = await staff.request.get(`${server.url}${await link.getAttribute("href")}`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-disposition"]).toContain("attachment");
    expect((await response.body()).equals(samplePdf)).toBe(true);
    await expectNoAxeViolations(staff);
  });

  it("lets staff answer with a file; the vendor sees Unread on the list and in the sidebar until opening the deal", async () => {
    const answer = staff.getByRole("form", { name: "Answer the vendor" });
    await answer.getByLabel("Answer").fill("Approved: terms attached.");
    await answer.getByLabel("Attachments (optional)").setInputFiles([file("terms.pdf", samplePdf, "application/pdf")]);
    await answer.getByRole("button", { name: "Send answer" }).click();
    await staff
      .getByRole("region", { name: "Messages with the vendor" })
      .getByRole("link", { name: "terms.pdf" })
      .waitFor();

    await vendor.goto(`${server.url}/portal`);
    const row = vendor.getByRole("row", { name: new RegExp(business) });
    await row.waitFor();
    expect(await row.getByText("Unread").count()).toBe(1);
    const clients = vendor.getByRole("navigation", { name: "Vendor portal" }).getByRole("link", { name: /Clients/ });
    expect(await clients.textContent()).toContain("1 unread answer");
    await expectNoAxeViolations(vendor);

    await row.getByRole("link", { name: business }).click();
    await vendor.getByText("Approved: terms attached.").waitFor();
    const terms = vendor.getByRole("link", { name: "terms.pdf" });
    expect(await terms.getAttribute("href")).toMatch(/^\/api\/portal\/documents\/[0-9a-f-]{36}$/);
    const termsFile = await vendor.request.get(`${server.url}${await terms.getAttribute("href")}`);
    expect(termsFile.status()).toBe(200);
    expect(await clients.textContent()).not.toContain("unread");
    await expectNoAxeViolations(vendor);

    await vendor.getByRole("link", { name: "← All deals" }).click();
    await vendor.waitForURL(`${server.url}/portal`);
    await row.waitFor();
    expect(await row.getByText("Unread").count()).toBe(0);
    expect(await clients.textContent()).not.toContain("unread");
  });

  it("lets the vendor add documents later on the deal page; the credit team is mailed", async () => {
    await vendor.goto(`${server.url}/portal/deals/${dealId}`);
    const add = vendor.getByRole("form", { name: "Add documents" });
    await add
      .getByLabel("Add documents")
      .setInputFiles([
        file("bank-statement.pdf", samplePdf, "application/pdf"),
        file("license.png", samplePng, "image/png"),
      ]);
    await add.getByRole("button", { name: "Upload documents" }).click();
    await vendor.getByText("Documents added. The credit team has been told.").waitFor();
    const documents = vendor.getByRole("region", { name: "Documents" });
    await documents.getByRole("link", { name: "bank-statement.pdf" }).waitFor();
    await documents.getByRole("link", { name: "license.png" }).waitFor();
    await server.smtp.waitFor((mail) => mail.subject === `Documents added by vendor@demo.example: ${business}`);
    // The history lists what the vendor may see, never who changed it.
    await vendor
      .getByRole("region", { name: "History" })
      .getByText(/submitted/)
      .waitFor();
    await expectNoAxeViolations(vendor);

    await staff.reload();
    await staff.getByRole("link", { name: "bank-statement.pdf" }).waitFor();
  });

  // docs/product-rules.md#r54-the-funder-network
  it("lets staff send the deal to the funders it fits, told why the others do not, and record a funder's answer", async () => {
    for (const [name, maxAmount] of [
      ["Open Plains Leasing", ""],
      ["Tiny Ticket Funding", "1,000"],
    ])
      expect(
        (
          await staff.request.post(`${server.url}/api/back-office/funders`, {
            headers: { origin: server.url },
            data: {
              name,
              contactName: "",
              contactEmail: "",
              contactPhone: "",
              programs: "equipment-finance",
              minCreditScore: "",
              minMonthsInBusiness: "",
              minAmount: "",
              maxAmount,
              industries: "",
              states: "",
              active: true,
            },
          })
        ).status(),
      ).toBe(201);
    await staff.reload();
    const section = staff.getByRole("region", { name: "Funders" });
    await section.getByRole("checkbox", { name: "Tiny Ticket Funding: does not fit" }).waitFor();
    await section.getByText(/is above its maximum of \$1,000\.00/).waitFor();
    await section.getByRole("checkbox", { name: "Open Plains Leasing: fits its criteria" }).check();
    await section.getByRole("button", { name: "Send to the chosen funders" }).click();
    const sent = section.getByRole("article", { name: "Open Plains Leasing" });
    await sent
      .getByRole("paragraph")
      .filter({ hasText: /^Pending$/ })
      .waitFor();
    const answer = sent.getByRole("form", { name: "Answer of Open Plains Leasing" });
    await answer.getByRole("combobox", { name: "Answer" }).selectOption("approved");
    await answer.getByRole("button", { name: "Record answer" }).click();
    await answer.getByText("Enter the approved amount.").waitFor();
    await expectNoAxeViolations(staff);
    await answer.getByLabel("Amount ($)").fill("75,000");
    await answer.getByLabel("Term (months)").fill("60");
    await answer.getByLabel("Monthly payment ($)").fill("1,525.40");
    await answer.getByLabel("Monthly payment ($)").press("Enter");
    await sent.getByText("Approved: $75,000.00, 60 months, $1,525.40 a month", { exact: true }).waitFor();
    await sent
      .getByRole("list", { name: "Answers of Open Plains Leasing" })
      .getByText(/: Pending$/)
      .waitFor();
    await expectNoAxeViolations(staff);

    // Presented, the deal is Approved and the dealer sees the terms and the countdown, never the funder.
    await sent.getByRole("button", { name: "Present Open Plains Leasing's answer to the dealer" }).click();
    await sent.getByText(/^Presented to the dealer; expires on \d{4}-\d{2}-\d{2}\.$/).waitFor();
    await vendor.goto(`${server.url}/portal/deals/${dealId}`);
    const approval = vendor.getByRole("region", { name: "Approval" });
    await approval.getByText("$75,000.00").waitFor();
    await approval.getByText("$1,525.40").waitFor();
    await approval.getByText(/: 30 days left\.$/).waitFor();
    expect(await vendor.getByRole("main").textContent()).not.toContain("Open Plains");
    await expectNoAxeViolations(vendor);
  });

  // docs/product-rules.md#r55-stipulations
  it("asks for the approval's stips: the dealer sends one from the deal page, staff send it back with a reason the dealer reads, then accept it", async () => {
    await staff.reload();
    const stips = staff.getByRole("region", { name: "Stips" });
    const invoice = stips.getByRole("article", { name: "Equipment invoice" });
    await invoice.getByText(/^Requested · sent by the dealer/).waitFor();

    await vendor.reload();
    const portalStips = vendor.getByRole("region", { name: "Stips" });
    await portalStips.getByText(/stips are still needed before documents\.$/).waitFor();
    const send = portalStips.getByRole("form", { name: "Send Equipment invoice" });
    await send
      .getByLabel("Files for Equipment invoice")
      .setInputFiles(file("invoice-4471.pdf", samplePdf, "application/pdf"));
    await send.getByLabel("Note for the credit team (Equipment invoice, optional)").fill("Invoice 4471");
    await send.getByRole("button", { name: "Send Equipment invoice" }).click();
    await portalStips.getByText("Sent: the credit team reviews it within 4 business hours.").waitFor();
    await portalStips.getByRole("link", { name: "invoice-4471.pdf" }).waitFor();
    await expectNoAxeViolations(vendor);

    await staff.reload();
    await invoice.getByText(/^Received · sent by the dealer · received /).waitFor();
    await invoice
      .getByRole("list", { name: "Steps of Equipment invoice" })
      .getByText(/: received \(Invoice 4471\)$/)
      .waitFor();
    await invoice.getByRole("button", { name: "Reject" }).click();
    await invoice.getByText("Say why: the dealer reads it.").waitFor();
    await invoice.getByLabel("Reason (Equipment invoice)").fill("The serial numbers are missing.");
    await invoice.getByRole("button", { name: "Reject" }).click();
    await invoice.getByText("Reason: The serial numbers are missing.").waitFor();
    await expectNoAxeViolations(staff);

    await vendor.reload();
    await portalStips.getByText("Sent back: The serial numbers are missing.").waitFor();
    const again = portalStips.getByRole("form", { name: "Send Equipment invoice" });
    await again
      .getByLabel("Files for Equipment invoice")
      .setInputFiles(file("invoice-serials.pdf", samplePdf, "application/pdf"));
    await again.getByRole("button", { name: "Send Equipment invoice" }).press("Enter");
    await portalStips.getByRole("link", { name: "invoice-serials.pdf" }).waitFor();

    await staff.reload();
    await invoice.getByRole("button", { name: "Accept" }).click();
    await invoice.getByText(/^Accepted · sent by the dealer/).waitFor();
    await vendor.reload();
    await portalStips.getByRole("listitem").filter({ hasText: "Equipment invoice" }).getByText("Accepted").waitFor();
    expect(await portalStips.getByRole("form", { name: "Send Equipment invoice" }).count()).toBe(0);
  });

  // docs/product-rules.md#r54-the-funder-network
  it("marks an expired approval for staff and the dealer, keeps it from documents, and lets staff renew it", async () => {
    const section = staff.getByRole("region", { name: "Funders" });
    const sent = section.getByRole("article", { name: "Open Plains Leasing" });
    const lapsed = addCalendarDays(businessDayOf(new Date(), "America/Los_Angeles"), -2);
    const answer = sent.getByRole("form", { name: "Answer of Open Plains Leasing" });
    await answer.getByRole("combobox", { name: "Answer" }).selectOption("approved");
    await answer.getByLabel("Amount ($)").fill("70,000");
    await answer.getByLabel("Term (months)").fill("48");
    await answer.getByLabel("Monthly payment ($)").fill("1,700");
    await answer.getByLabel("Expires on").fill(lapsed);
    await answer.getByRole("button", { name: "Record answer" }).click();
    await sent
      .getByText(`Approved: $70,000.00, 48 months, $1,700.00 a month, expires ${lapsed}`, { exact: true })
      .waitFor();
    await sent.getByRole("button", { name: "Present Open Plains Leasing's answer to the dealer" }).click();
    await section.getByText("Expired", { exact: true }).waitFor();
    await section.getByText(/expired on \w{3} \d{1,2}, \d{4}: renew it before documents\.$/).waitFor();

    // Docs Out is refused while it has expired, saying why.
    const update = staff.getByRole("form", { name: "Update the deal" });
    await update.getByRole("combobox", { name: "Stage" }).selectOption("3");
    await update.getByRole("button", { name: "Save changes" }).click();
    await staff.getByText(/^The approval expired on \w{3} \d{1,2}, \d{4}: renew it before documents\.$/).waitFor();

    await vendor.goto(`${server.url}/portal/deals/${dealId}`);
    const approval = vendor.getByRole("region", { name: "Approval" });
    await approval.getByText("Expired", { exact: true }).waitFor();
    await approval
      .getByText(/^Expired on \w+ \d{1,2}, \d{4}: documents wait until the credit team renews it\.$/)
      .waitFor();
    await approval.getByText("$70,000.00").waitFor();
    await expectNoAxeViolations(vendor);

    // Renewed with no date given: 30 days from today; the dealer's countdown starts again.
    const renew = section.getByRole("form", { name: "Renew the approval" });
    await renew.getByLabel("New expiry date").focus();
    await staff.keyboard.press("Tab");
    await staff.keyboard.press("Enter");
    await section.getByText(/^The approval presented to the dealer expires on \w{3} \d{1,2}, \d{4}\.$/).waitFor();
    expect(await section.getByText("Expired", { exact: true }).count()).toBe(0);
    await expectNoAxeViolations(staff);
    await vendor.reload();
    await approval.getByText(/: 30 days left\.$/).waitFor();
    expect(await approval.getByText("Expired", { exact: true }).count()).toBe(0);
  });

  it("audited the staff download and the documents added", async () => {
    const database = await server.stopAndOpenDatabase();
    const [attachment] = await database.db
      .select()
      .from(dealDocument)
      .where(and(eq(dealDocument.dealId, dealId), eq(dealDocument.originalName, "signed-quote.pdf")));
    expect(attachment?.messageId).not.toBeNull();
    const downloads = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "document.download"), eq(auditLog.subject, attachment!.id)));
    expect(downloads.length).toBeGreaterThanOrEqual(1);
    expect(
      await database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "document.upload"), eq(auditLog.subject, dealId))),
    ).toHaveLength(1);
  });
});
