import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { samplePdf } from "../support/multipart.ts";
import { sampleNewDealFields } from "../../server/demo/sample-requests.ts";
import { expectNoAxeViolations, launchBrowser, type Browser } from "./support/browser.ts";
import { demoPasswords, startE2eServer, type E2eServer } from "./support/e2e-server.ts";
import { signInThroughUi } from "./support/sign-in.ts";

let server: E2eServer;
let staffBrowser: Browser;
let vendorBrowser: Browser;
const vendorEmail = "vendor@demo.example";

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

describe("a credit analyst's day", () => {
  let staff: Page;
  let vendor: Page;
  let dealId: string;

  it("mails the vendor a lowered approved amount, which the vendor's list shows", async () => {
    vendor = await vendorBrowser.newPage();
    await signInThroughUi(vendor, server.url, vendorEmail, demoPasswords.vendor);
    await vendor.waitForURL(`${server.url}/portal`);
    const created = await vendor.request.post(`${server.url}/api/portal/deals`, {
      headers: { origin: server.url },
      multipart: {
        deal: JSON.stringify(sampleNewDealFields({ businessName: "dune client dairy" })),
        "client-info": { name: "application.pdf", mimeType: "application/pdf", buffer: samplePdf },
      },
    });
    expect(created.status()).toBe(201);
    dealId = (await created.json()).id;
    const message = await vendor.request.post(`${server.url}/api/portal/deals/${dealId}/messages`, {
      headers: { origin: server.url },
      multipart: { body: "Any news on this one?" },
    });
    expect(message.status()).toBe(201);

    staff = await staffBrowser.newPage();
    await signInThroughUi(staff, server.url, "admin@demo.example", demoPasswords.admin);
    await staff.waitForURL(`${server.url}/back-office`);
    await staff.goto(`${server.url}/back-office/deals/${dealId}`);
    const update = staff.getByRole("form", { name: "Update the deal" });
    await update.getByLabel("Approved amount").fill("50000");
    await update.getByRole("button", { name: "Save changes" }).click();
    await server.smtp.waitFor(
      (mail) =>
        mail.to.includes(vendorEmail) &&
        mail.subject === "DUNE CLIENT DAIRY: deal updated" &&
        mail.body.includes("Approved amount set to $50,000.00"),
    );
    // As an analyst would: the page shows the saved change (the form is drawn again from it) before the next edit.
    await staff.getByText(/changed Approved amount .*to “\$50,000.00”/).waitFor();
    await update.getByLabel("Approved amount").fill("42000.50");
    await update.getByLabel("Notes").fill("Approved for less: thin credit file");
    await update.getByRole("button", { name: "Save changes" }).click();
    const lowered = await server.smtp.waitFor(
      (mail) =>
        mail.to.includes(vendorEmail) &&
        mail.body.includes("Approved amount lowered from $50,000.00 to $42,000.50 (estimated)."),
    );
    expect(lowered.subject).toBe("DUNE CLIENT DAIRY: deal updated");
    expect(lowered.body).toContain("Approved for less: thin credit file");
    expect(lowered.body).toContain("Financing dependent on credit parameters.");
    expect(
      server.smtp.mails.filter(
        (mail) => mail.to.includes(vendorEmail) && mail.subject === "DUNE CLIENT DAIRY: deal updated",
      ),
    ).toHaveLength(2);
    await staff.getByText(/changed Approved amount from “\$50,000.00” to “\$42,000.50”/).waitFor();

    await vendor.reload();
    const row = vendor.getByRole("row", { name: /DUNE CLIENT DAIRY/ });
    await expect.poll(() => row.textContent()).toContain("$42,000.50");
  });

  it("shows the day's numbers on the home; unanswered vendor messages open the deals the vendor wrote last", async () => {
    await staff.goto(`${server.url}/back-office`);
    const summary = await (await staff.request.get(`${server.url}/api/back-office/summary`)).json();
    expect(summary.vendorMessagesUnanswered).toBeGreaterThanOrEqual(1);
    const tiles = [
      ["New leads today", summary.newLeadsToday],
      ["Overdue leads", summary.overdueLeads],
      ["Deals waiting for an answer", summary.dealsAwaitingAnswer],
      ["Vendor messages unanswered", summary.vendorMessagesUnanswered],
    ] as const;
    for (const [label, count] of tiles) {
      const link = staff.getByRole("link", { name: new RegExp(label) });
      await expect.poll(() => link.textContent()).toContain(`${count}${label}`);
    }
    await expectNoAxeViolations(staff);

    await staff.getByRole("link", { name: /Vendor messages unanswered/ }).click();
    await staff.waitForURL(`${server.url}/back-office/deals?waiting=1`);
    expect(await staff.getByLabel("Waiting for us").isChecked()).toBe(true);
    const rows = staff.getByRole("table", { name: "Deals" }).getByRole("row");
    const ours = rows.filter({ hasText: "DUNE CLIENT DAIRY" });
    await ours.getByText("Vendor wrote").waitFor();
    expect(await rows.filter({ hasNotText: "Vendor wrote" }).count()).toBe(1); // the header row only
  });
});
