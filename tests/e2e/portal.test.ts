import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newDealMessages } from "../../domain/deals/new-deal-schema.ts";
import { deal, dealDocument, dealMessage } from "../../server/deals/tables.ts";
import { notReallyPdf, samplePdf, samplePng, sampleXml } from "../support/multipart.ts";
import { expectNoAxeViolations, launchBrowser, type Browser } from "./support/browser.ts";
import { demoPasswords, startE2eServer, type E2eServer } from "./support/e2e-server.ts";
import { holdRequests } from "./support/hold-requests.ts";
import { signInThroughUi } from "./support/sign-in.ts";

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  server = await startE2eServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const file = (name: string, buffer: Buffer, mimeType: string) => ({ name, mimeType, buffer });

describe("vendor portal", () => {
  it("lets a vendor submit a deal with documents, see it, write to the credit team and sign out", async () => {
    const page = await browser.newPage();
    await signInThroughUi(page, server.url, "vendor@demo.example", demoPasswords.vendor);
    await page.waitForURL(`${server.url}/portal`);
    await page.getByText("No Files Submitted yet.").waitFor();
    expect(await page.getByText(/^Credit (Online|Offline)$/).count()).toBe(1);
    await expectNoAxeViolations(page);

    await page.getByRole("navigation", { name: "Vendor portal" }).getByRole("button", { name: "New Client" }).click();
    const dialog = page.getByRole("dialog", { name: /Submit New Deal/ });
    expect(await dialog.getByRole("button", { name: "Submit" }).isDisabled()).toBe(true);
    await dialog.getByLabel("Business name").fill("harbor bakery group");
    expect(await dialog.getByLabel("Business name").inputValue()).toBe("HARBOR BAKERY GROUP");
    await dialog.getByLabel("Owner's name").fill("nina park");
    await dialog.getByLabel("Business phone").pressSequentially("5550107788");
    await dialog.getByLabel("Equipment description").fill("Two deck ovens");
    await dialog.getByLabel("Cost of equipment").fill("42000");
    await dialog.getByLabel("Down payment").fill("2000");
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Next Step: Submit Documents" }).click();

    await dialog.getByRole("button", { name: "Upload" }).click();
    await dialog.getByText(newDealMessages.noFiles).waitFor();
    await dialog
      .getByLabel(/Client information \(Required\)/)
      .setInputFiles([file("client-application.pdf", samplePdf, "application/pdf")]);
    await dialog.getByText(/Client information \(Completed\)/).waitFor();
    await dialog
      .locator("#slot-additional-1")
      .setInputFiles([
        file("storefront.png", samplePng, "image/png"),
        file("bank-statement.pdf", notReallyPdf, "application/pdf"),
      ]);
    await dialog.locator("#slot-additional-2").setInputFiles([file("inventory.xml", sampleXml, "application/xml")]);
    expect(await dialog.getByText("client-appli…").count()).toBe(1);
    await dialog.getByRole("button", { name: "Upload" }).click();
    await dialog.getByText(newDealMessages.confirm).waitFor();
    await dialog.getByRole("button", { name: "Yes" }).click();
    await dialog.getByText(newDealMessages.failure).waitFor();
    expect(await dialog.textContent()).toContain("bank-statement.pdf is not an accepted document");
    await dialog.getByRole("button", { name: "Back to documents" }).click();
    await dialog.locator("#slot-additional-1").setInputFiles([file("storefront.png", samplePng, "image/png")]);
    await dialog.getByRole("button", { name: "Upload" }).click();
    await dialog.getByRole("button", { name: "Yes" }).click();
    await dialog.getByText(newDealMessages.success).waitFor();
    await dialog.getByRole("button", { name: "Done" }).click();

    const row = page.getByRole("row", { name: /HARBOR BAKERY GROUP/ });
    await row.waitFor();
    expect(await row.textContent()).toContain("App In");
    expect(await row.textContent()).toContain("New Submission!");
    expect(await row.textContent()).toContain("$42,000.00");
    expect(
      await page.getByRole("region", { name: "Dashboard" }).getByText("Applications").locator("..").textContent(),
    ).toContain("1");
    await server.smtp.waitFor((mail) => mail.subject === "New Client from vendor@demo.example");

    await row.getByRole("button", { name: "Reply about HARBOR BAKERY GROUP" }).click();
    const reply = page.getByRole("dialog", { name: "Funding Communication: HARBOR BAKERY GROUP" });
    await reply.getByLabel("Message", { exact: true }).fill("The client can add 10% down if needed.");
    await reply.getByLabel("Attachments (optional)").setInputFiles([file("quote.pdf", samplePdf, "application/pdf")]);
    await reply.getByRole("button", { name: "Delete All Files" }).click();
    await reply.getByLabel("Attachments (optional)").setInputFiles([file("quote.pdf", samplePdf, "application/pdf")]);
    await expectNoAxeViolations(page);
    await reply.getByRole("button", { name: "Submit" }).click();
    await page.getByText("Success: The accounts shown are up to date").waitFor();
    await row.getByRole("button", { name: /Sent: see the conversation/ }).waitFor();
    await server.smtp.waitFor(
      (mail) => mail.subject === "Funding Communication from vendor@demo.example: HARBOR BAKERY GROUP",
    );

    // The month's deals held until the loading status has been seen: it sits over the page, which stays put.
    const otherMonth = String((new Date().getMonth() + 6) % 12);
    const held = await holdRequests(page, /\/api\/portal\/deals\?/);
    const deals = page.getByRole("region", { name: "Deals", exact: true });
    const before = await deals.boundingBox();
    await page.getByLabel("Month").selectOption(otherMonth);
    await page.getByRole("status").filter({ hasText: "Loading…" }).waitFor();
    expect(await deals.boundingBox()).toEqual(before);
    await held.release();
    await page.getByText("No Files Submitted This Month").waitFor();
    await page.getByLabel("Month").selectOption("all");
    await row.waitFor();

    await page.getByRole("button", { name: "Log Out" }).click();
    await page.waitForURL(`${server.url}/VendorLogin`);
    await page.close();
  });

  it("stored the deal with its three documents and the message", async () => {
    const database = await server.stopAndOpenDatabase();
    const [stored] = await database.db.select().from(deal).where(eq(deal.businessName, "HARBOR BAKERY GROUP"));
    expect(stored).toMatchObject({ ownersName: "NINA PARK", stage: 1, costOfEquipment: 42000, downPayment: 2000 });
    const documents = await database.db.select().from(dealDocument).where(eq(dealDocument.dealId, stored!.id));
    expect(documents.map((doc) => doc.originalName).sort()).toEqual([
      "client-application.pdf",
      "inventory.xml",
      "quote.pdf",
      "storefront.png",
    ]);
    const messages = await database.db.select().from(dealMessage).where(eq(dealMessage.dealId, stored!.id));
    expect(messages.map((message) => message.body)).toEqual(["The client can add 10% down if needed."]);
  });
});
