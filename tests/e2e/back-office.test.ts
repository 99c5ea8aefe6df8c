import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { vendorSignUpMessages } from "../../domain/vendors/contracts.ts";
import { defaultBrand } from "../../domain/site/brand.ts";
import { samplePdf } from "../support/multipart.ts";
import { passwordLinkIn } from "../support/password-link.ts";
import { sampleNewDealFields } from "../../server/demo/sample-requests.ts";
import { expectNoAxeViolations, launchBrowser, type Browser } from "./support/browser.ts";
import { demoPasswords, startE2eServer, type E2eServer } from "./support/e2e-server.ts";
import { signInThroughUi } from "./support/sign-in.ts";

let server: E2eServer;
let staffBrowser: Browser;
let vendorBrowser: Browser;
const vendorEmail = "ola@olaequipment.example";

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

const signIn = (page: Page, email: string, password: string) => signInThroughUi(page, server.url, email, password);

describe("back office", () => {
  let staff: Page;
  let vendor: Page;

  it("lets an admin create a vendor whose invitation sets a password for signing in", async () => {
    staff = await staffBrowser.newPage();
    await signIn(staff, "admin@demo.example", demoPasswords.admin);
    await staff.waitForURL(`${server.url}/back-office`);
    await staff.goto(`${server.url}/VendorSignUp`);
    const form = staff.getByRole("form", { name: "Create a vendor account" });
    expect(await form.getByLabel("Company ID").inputValue()).toMatch(/^\d{6}$/);
    await form.getByLabel("First name").fill("Ola");
    await form.getByLabel("Company email").fill(vendorEmail);
    await form.getByLabel("Company name").fill("Ola Equipment");
    await expectNoAxeViolations(staff);
    await form.getByRole("button", { name: "Create account" }).click();
    await staff.getByText(vendorSignUpMessages.sent(defaultBrand.name)).waitFor();
    await staff.getByText(vendorSignUpMessages.closeWindow).waitFor();

    const invitation = await server.smtp.waitFor(
      (mail) => mail.to.includes(vendorEmail) && mail.subject.includes("invited"),
    );
    const { link } = passwordLinkIn(invitation.body);
    vendor = await vendorBrowser.newPage();
    await vendor.goto(link);
    await vendor.getByLabel("New password", { exact: true }).fill("ola-chooses-this");
    // The page took the token out of the address bar as it opened.
    await expect.poll(() => vendor.url()).toBe(`${server.url}/reset-password`);
    await vendor.getByLabel("Repeat the new password").fill("ola-chooses-this");
    await vendor.getByRole("button", { name: "Save password" }).click();
    await vendor.getByText("Your password has been changed").waitFor();
    await signIn(vendor, vendorEmail, "ola-chooses-this");
    await vendor.waitForURL(`${server.url}/portal`);
  });

  it("moves the vendor's deal 1 -> 2 -> 9 (Closed); the vendor's list, strip, dashboard and mail follow; answers reach the vendor", async () => {
    const fields = sampleNewDealFields({ businessName: "ola client bakery", costOfEq: "50,000", downPayment: "5,000" });
    const created = await vendor.request.post(`${server.url}/api/portal/deals`, {
      headers: { origin: server.url },
      multipart: {
        deal: JSON.stringify(fields),
        "client-info": { name: "application.pdf", mimeType: "application/pdf", buffer: samplePdf },
      },
    });
    expect(created.status()).toBe(201);
    await vendor.reload();
    const row = vendor.getByRole("row", { name: /OLA CLIENT BAKERY/ });
    await row.getByRole("list", { name: "Progress" }).waitFor();

    await staff.goto(`${server.url}/back-office/deals`);
    await staff.getByRole("link", { name: "OLA CLIENT BAKERY" }).click();
    const update = staff.getByRole("form", { name: "Update the deal" });
    await update.getByLabel("Stage").selectOption({ label: "Approved" });
    await update.getByLabel("Notes").fill("Approved: 60 months at 9%");
    await update.getByRole("button", { name: "Save changes" }).click();
    await staff.getByText("Deal saved").first().waitFor();
    await server.smtp.waitFor(
      (mail) => mail.to.includes(vendorEmail) && mail.subject === "OLA CLIENT BAKERY: Approved",
    );
    await vendor.getByRole("button", { name: "Refresh" }).click();
    // As long as the page's own waits (30 s): on a busy machine the refresh's loader can take more than the poll's 5 s.
    await expect.poll(() => row.textContent(), { timeout: 30_000 }).toContain("Approved: 60 months at 9%");

    // Funded comes only from an approved funding (tests/e2e/funding.test.ts): here the deal is closed by hand.
    await update.getByLabel("Stage").selectOption({ label: "Closed" });
    await update.getByRole("button", { name: "Save changes" }).click();
    await staff.getByText(/changed Stage from “Approved” to “Closed”/).waitFor();
    await server.smtp.waitFor((mail) => mail.to.includes(vendorEmail) && mail.subject === "OLA CLIENT BAKERY: Closed");
    await expectNoAxeViolations(staff);

    const answer = staff.getByRole("form", { name: "Answer the vendor" });
    await answer.getByLabel("Answer").fill("Funds were sent this morning.");
    await answer.getByRole("button", { name: "Send answer" }).click();
    await staff.getByText("Funds were sent this morning.").waitFor();

    await vendor.getByRole("button", { name: "Refresh" }).click();
    // The strip goes once the deal is closed.
    await expect.poll(() => row.getByRole("list", { name: "Progress" }).count(), { timeout: 30_000 }).toBe(0);
    expect(await row.getByRole("cell").first().textContent()).toContain("Closed");
    expect(
      await vendor.getByRole("region", { name: "Dashboard" }).getByText("Approved").first().locator("..").textContent(),
    ).toContain("$45,000.00");
    await row.getByRole("button", { name: /Sent: see the conversation|Reply about/ }).click();
    await vendor
      .getByRole("dialog", { name: /Funding Communication/ })
      .getByText("Funds were sent this morning.")
      .waitFor();
    await server.smtp.waitFor(
      (mail) => mail.to.includes(vendorEmail) && mail.subject === "The credit team answered about OLA CLIENT BAKERY",
    );
  });

  it("says when the deals do not load and loads them on Try again; a cleared cost is refused on the form", async () => {
    let refused = 0;
    const dealList = (url: URL) => url.pathname === "/api/back-office/deals";
    await staff.route(dealList, async (route) => {
      if (refused > 0) return route.continue();
      refused += 1;
      await route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ code: "INTERNAL", message: "The deals could not be read just now." }),
      });
    });
    await staff.goto(`${server.url}/back-office/deals`);
    const failure = staff.getByRole("alert").filter({ hasText: "The deals could not be read just now." });
    await failure.waitFor();
    await failure.getByRole("button", { name: "Try again" }).click();
    await staff.getByRole("table", { name: "Deals" }).getByRole("link", { name: "OLA CLIENT BAKERY" }).click();
    await staff.unroute(dealList);
    expect(refused).toBe(1);

    const update = staff.getByRole("form", { name: "Update the deal" });
    await update.getByLabel("Cost of equipment").fill("");
    await update.getByRole("button", { name: "Save changes" }).click();
    await update.getByText("Enter an amount of 0 or more.").waitFor();
    expect(await staff.getByText(/changed Cost of equipment/).count()).toBe(0);
  });
});
