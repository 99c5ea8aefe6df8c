import { readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signingSealedFile } from "../../server/signing/tables.ts";
import { expectNoAxeViolations, launchBrowser, type Browser } from "./support/browser.ts";
import { demoPasswords, startE2eServer, type E2eServer } from "./support/e2e-server.ts";
import { signInThroughUi } from "./support/sign-in.ts";

// The agreement package for the credit team and the dealer (docs/product-rules.md#r57-documents-and-e-signature):
// void, generate, preview and send by keyboard on a demo deal; check a sealed file; the dealer's
// progress; at desktop width and at 390 px. The signer's ceremony has its own suite.

let server: E2eServer;
let browser: Browser;
/** The dealer's own browser: a session cookie is per browser. */
let dealerBrowser: Browser;
let admin: Page;
let vendor: Page;
let sealed: Buffer;

const phone = { width: 390, height: 844 };

beforeAll(async () => {
  // The demo's sealed agreement of Ironwood Machine Shop, as stored.
  let storageKey = "";
  server = await startE2eServer({ SEED_DEMO: "true" }, async ({ db }) => {
    const [file] = await db
      .select({ key: signingSealedFile.storageKey })
      .from(signingSealedFile)
      .where(sql`${signingSealedFile.documentId} is not null`)
      .limit(1);
    storageKey = file!.key;
  });
  sealed = await readFile(path.join(server.dataDir, "files", storageKey));
  browser = await launchBrowser();
  admin = await browser.newPage();
  await signInThroughUi(admin, server.url, "admin@demo.example", demoPasswords.admin);
  await admin.waitForURL(`${server.url}/back-office`);
  dealerBrowser = await launchBrowser();
  vendor = await dealerBrowser.newPage();
  await signInThroughUi(vendor, server.url, "vendor@demo.example", demoPasswords.vendor);
  await vendor.waitForURL(`${server.url}/portal`);
});
afterAll(async () => {
  await browser?.close();
  await dealerBrowser?.close();
  await server?.stop();
});

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/**
 * Reaches `target` with one Tab from the control before it (the whole deal page is tabbed through by
 * the keyboard and phone-width suites; pressing Tab across it here is slow on a busy machine).
 */
async function tabTo(page: Page, target: Locator) {
  await target.evaluate((element) => {
    const focusable = [
      ...document.querySelectorAll<HTMLElement>(
        'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])',
      ),
    ].filter((each) => !(each as HTMLButtonElement).disabled && each.offsetParent !== null);
    focusable[focusable.indexOf(element as HTMLElement) - 1]?.focus();
  });
  await page.keyboard.press("Tab");
  if (!(await isFocused(target))) throw new Error("Tab did not reach the element");
}

async function openDeal(page: Page, area: "back-office" | "portal", businessName: string) {
  await page.goto(area === "portal" ? `${server.url}/portal?month=all` : `${server.url}/back-office/deals`);
  await page
    .getByRole("link", { name: new RegExp(businessName, "i") })
    .first()
    .click();
  await page.getByRole("heading", { name: "Documents for signature" }).waitFor();
}

const section = (page: Page) => page.locator("#documents-for-signature");

describe("documents for signature in the back office", () => {
  it("voids the demo's documents and generates new ones for two signers, by keyboard", async () => {
    await openDeal(admin, "back-office", "Blue Mesa Dental Studio");
    await section(admin).getByRole("heading", { name: "Out for signature" }).waitFor();
    await expectNoAxeViolations(admin);

    const reason = section(admin).getByLabel("Why are they voided?");
    await tabTo(admin, section(admin).getByRole("button", { name: "Void the documents" }));
    await admin.keyboard.press("Enter");
    await section(admin).getByText("Say why the documents are voided.").waitFor();
    await reason.focus();
    await admin.keyboard.type("The guarantor changed.");
    await admin.keyboard.press("Tab");
    await admin.keyboard.press("Enter");
    await section(admin).getByRole("heading", { name: "Voided" }).waitFor();

    // The form starts with the application's owner; a second signer is added by keyboard.
    await tabTo(admin, section(admin).getByRole("button", { name: "Add a signer" }));
    await admin.keyboard.press("Enter");
    await section(admin).getByLabel("Full name (signer 2)").fill("Jordan Guarantor");
    await section(admin).getByLabel("E-mail (signer 2)").fill("jordan@bluemesa.example");
    const generate = section(admin).getByRole("button", { name: "Generate documents" });
    await tabTo(admin, generate);
    await admin.keyboard.press("Enter");
    await section(admin).getByRole("heading", { name: "Draft: not sent" }).waitFor();
  });

  it("previews every page of the draft as its signer will read it, then sends it, by keyboard", async () => {
    // The draft is first; the voided package keeps its own preview links below it.
    const preview = section(admin).getByRole("link", { name: "Preview Equipment Finance Agreement" }).first();

    await tabTo(admin, preview);
    await admin.keyboard.press("Enter");
    await admin.getByRole("heading", { name: "Equipment Finance Agreement", level: 1 }).waitFor();
    const pages = admin
      .getByRole("listitem")
      .filter({ has: admin.getByRole("heading", { name: /^Page \d+ of \d+$/ }) });
    expect(await pages.count()).toBeGreaterThan(1);
    await expectNoAxeViolations(admin);
    await admin.setViewportSize(phone);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await admin.setViewportSize({ width: 1280, height: 900 });
    await admin.getByRole("link", { name: "Back to the deal" }).click();

    const send = section(admin).getByRole("button", { name: "Send for signature" });
    await send.waitFor();
    await tabTo(admin, send);
    await admin.keyboard.press("Enter");
    await section(admin).getByRole("heading", { name: "Out for signature" }).waitFor();
    await section(admin).getByRole("button", { name: "Send Jordan Guarantor a new link" }).waitFor();
    await expectNoAxeViolations(admin);
  });

  it("checks a file against the record: the sealed file is valid, one changed byte is not", async () => {
    await admin.goto(`${server.url}/back-office`);
    await admin
      .getByRole("navigation", { name: "Back office" })
      .getByRole("link", { name: "Check a signed file" })
      .click();
    await admin.getByRole("heading", { name: "Check a signed file", level: 1 }).waitFor();
    await expectNoAxeViolations(admin);
    const input = admin.getByLabel("PDF to check");
    await input.setInputFiles({ name: "agreement.pdf", mimeType: "application/pdf", buffer: sealed });
    await admin.getByRole("button", { name: "Check the file" }).click();
    const result = admin.getByRole("status", { name: "Result of the check" });
    await result.getByText(/^Valid:/).waitFor();
    expect(await result.textContent()).toContain("IRONWOOD MACHINE SHOP");

    const changed = Buffer.from(sealed);
    const at = changed.indexOf("/Type /Page") + 2;
    changed[at] = changed[at]! ^ 0x01;
    await input.setInputFiles({ name: "agreement.pdf", mimeType: "application/pdf", buffer: changed });
    await admin.getByRole("button", { name: "Check the file" }).click();
    await result.getByText(/^Changed:/).waitFor();
    await expectNoAxeViolations(admin);
  });
});

describe("documents for signature in the portal", () => {
  it("shows the dealer each signer's step, and an in-person start for a signer still to sign, on a phone", async () => {
    await vendor.setViewportSize(phone);
    await openDeal(vendor, "portal", "Ironwood Machine Shop");
    await section(vendor)
      .getByText(/^Completed/)
      .waitFor();
    await section(vendor).getByText("The signed and sealed documents are in this deal's documents").waitFor();
    await expectNoAxeViolations(vendor);

    await openDeal(vendor, "portal", "Blue Mesa Dental Studio");
    await section(vendor)
      .getByText(/^Out for signature/)
      .waitFor();
    await section(vendor).getByRole("link", { name: "Sign in person with Jordan Guarantor" }).waitFor();
    expect(await vendor.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoAxeViolations(vendor);
  });
});
