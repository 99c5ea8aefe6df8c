import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRoles } from "../../domain/auth/roles.ts";
import { defaultAgreementTemplates } from "../../domain/signing/default-templates.ts";
import { defaultBrand } from "../../domain/site/brand.ts";
import { createAccount } from "../../server/accounts/create-account.ts";
import { createAuth } from "../../server/auth/create-auth.ts";
import { revokeCreatedCredentials } from "../../server/accounts/revoke-created-credentials.ts";
import { expectNoAxeViolations, launchBrowser, type Browser } from "./support/browser.ts";
import { demoPasswords, startE2eServer, type E2eServer } from "./support/e2e-server.ts";
import { signInThroughUi } from "./support/sign-in.ts";

// The agreement templates (docs/product-rules.md#r57-documents-and-e-signature): an admin saves a new
// version by keyboard, with the preview a signer would read; a refusal keeps the text typed; staff
// who are not admins only read; 390 px wide.

let server: E2eServer;
let browser: Browser;
let admin: Page;

const staffAccount = { email: "staff@templates-e2e.example", password: "e2e-staff-password-1" };

beforeAll(async () => {
  server = await startE2eServer({}, async ({ db }, { url }) => {
    const auth = createAuth({
      db,
      secret: "e2e-secret-e2e-secret-e2e-secret-0001",
      publicUrl: url,
      brand: defaultBrand,
      revokeCreatedCredentials,
    });
    await createAccount(auth, { ...staffAccount, name: "Stacy Staff", role: authRoles.staff, emailVerified: true });
  });
  browser = await launchBrowser();
  admin = await browser.newPage();
  await signInThroughUi(admin, server.url, "admin@demo.example", demoPasswords.admin);
  await admin.waitForURL(`${server.url}/back-office`);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** Presses Tab until `target` has the focus (at most `limit` times): the way a keyboard user gets there. */
async function tabTo(page: Page, target: Locator, limit = 80) {
  for (let presses = 0; presses < limit; presses++) {
    if (await isFocused(target)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error("Tab never reached the element");
}

const ach = defaultAgreementTemplates["ach-debit-authorization"];

describe("agreement templates", () => {
  it("lets an admin save a new version by keyboard: errors by the field, a preview filled from a sample deal, the version in use", async () => {
    await admin.goto(`${server.url}/back-office`);
    await admin
      .getByRole("navigation", { name: "Back office" })
      .getByRole("link", { name: "Agreement templates" })
      .click();
    await admin.getByRole("heading", { name: "Agreement templates", level: 1 }).waitFor();
    const table = admin.getByRole("table", { name: "Agreement templates" });
    expect(await table.getByRole("row", { name: /Equipment finance agreement/ }).textContent()).toContain(
      "Built-in text",
    );

    const achLink = table.getByRole("link", { name: "ACH debit authorization" });
    await tabTo(admin, achLink);
    await admin.keyboard.press("Enter");
    await admin.waitForURL(/\?kind=ach-debit-authorization$/);
    await admin.getByRole("heading", { name: "ACH debit authorization", level: 2 }).waitFor();
    const preview = admin.getByRole("article", { name: "Preview of the document" });
    await preview.getByRole("heading", { name: ach.title, level: 4 }).waitFor();
    // Filled with the sample deal: what a signer reads, no braces.
    expect(await preview.textContent()).toContain("Lakeside Auto Body LLC");
    expect(await preview.textContent()).not.toContain("{{");
    const editor = admin.getByRole("form", { name: "Edit ACH debit authorization" });
    const text = editor.getByLabel("Text");
    expect(await text.inputValue()).toBe(ach.body);
    await expectNoAxeViolations(admin);

    // An unknown merge field is said under the text, by the endpoint's own rule; the text stays.
    await tabTo(admin, text);
    await admin.keyboard.press("Control+End");
    await admin.keyboard.type("\n\n## 6. Contact\n\nQuestions: {{lender.phone}} or {{lender.fax}}.");
    const save = editor.getByRole("button", { name: "Save as a new version" });
    await tabTo(admin, save);
    await admin.keyboard.press("Enter");
    await editor.getByText("Unknown merge field {{lender.fax}}: use one of the fields listed.").waitFor();
    expect(await text.getAttribute("aria-invalid")).toBe("true");
    expect(await text.inputValue()).toContain("{{lender.fax}}");
    // The preview follows the typing: the new heading, the phone filled in, the wrong field as written.
    await preview.getByRole("heading", { name: "6. Contact", level: 5 }).waitFor();
    expect(await preview.textContent()).toContain("Questions: (215) 555-0142 or {{lender.fax}}.");

    await text.fill(`${ach.body}\n\n## 6. Contact\n\nQuestions: {{lender.phone}}.`);
    await tabTo(admin, save);
    await admin.keyboard.press("Enter");
    const saved = admin
      .getByRole("status")
      .filter({ hasText: "ACH debit authorization saved as version 1. Packages generated from now on use it." });
    await saved.waitFor();
    expect(await isFocused(saved)).toBe(true);
    const row = table.getByRole("row", { name: /ACH debit authorization/ });
    expect(await row.textContent()).toContain("Version 1");
    expect(await row.textContent()).toContain("Demo Admin");
    await admin.getByText("In use: version 1. Saved by Demo Admin on").waitFor();

    // The built-in text is an earlier version: readable, and copied back into the editor to save again.
    const versions = admin.getByRole("region", { name: "Earlier versions" });
    await versions.getByText("Read the built-in text").click();
    expect(await versions.textContent()).toContain(ach.body.slice(0, 80));
    await versions.getByRole("button", { name: "Copy the built-in text into the editor" }).click();
    expect(await text.inputValue()).toBe(ach.body);
    expect(await isFocused(text)).toBe(true);
    await admin.getByRole("status").filter({ hasText: "The built-in text is in the editor" }).waitFor();
    await expectNoAxeViolations(admin);
  });

  it("keeps what the admin typed when someone else saved the template in the meantime, and says to reload", async () => {
    await admin.goto(`${server.url}/back-office/agreement-templates?kind=personal-guaranty`);
    const editor = admin.getByRole("form", { name: "Edit Personal guaranty" });
    const title = editor.getByLabel("Title");
    await title.waitFor();
    // Another admin's save, straight to the API, while this page shows the built-in text.
    const status = await admin.evaluate(async () => {
      const response = await fetch("/api/back-office/agreement-templates/personal-guaranty", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ title: "Guaranty", body: "Guaranteed by {{guarantor.name}}.", basedOnVersion: 0 }),
      });
      return response.status;
    });
    expect(status).toBe(201);
    await title.fill("Personal Guaranty (2027)");
    await editor.getByRole("button", { name: "Save as a new version" }).click();
    await editor
      .getByRole("alert")
      .filter({ hasText: "The template was not saved. Someone saved this template just now: reload it." })
      .waitFor();
    expect(await title.inputValue()).toBe("Personal Guaranty (2027)");
  });

  it("fits 390 px: the list, the editor, the merge fields and the preview never scroll sideways", async () => {
    const page = await browser.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/back-office/agreement-templates?kind=equipment-finance-agreement`);
    await page.getByRole("form", { name: "Edit Equipment finance agreement" }).waitFor();
    await page.getByRole("heading", { name: "Merge fields" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
    await page.close();
  });

  it("shows staff who are not admins the text, read-only", async () => {
    const page = await browser.newPage();
    await signInThroughUi(page, server.url, staffAccount.email, staffAccount.password);
    await page.waitForURL(`${server.url}/back-office`);
    // The link is the admins'; the screen still opens for staff, to read.
    expect(
      await page
        .getByRole("navigation", { name: "Back office" })
        .getByRole("link", { name: "Agreement templates" })
        .count(),
    ).toBe(0);
    await page.goto(`${server.url}/back-office/agreement-templates?kind=ach-debit-authorization`);
    await page.getByRole("heading", { name: "ACH debit authorization", level: 2 }).waitFor();
    await page.getByText("Only admins change the templates.").waitFor();
    expect(await page.getByRole("textbox").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Save as a new version" }).count()).toBe(0);
    expect(await page.getByRole("main").textContent()).toContain("Questions: {{lender.phone}}.");
    await expectNoAxeViolations(page);
    await page.close();
  });
});
