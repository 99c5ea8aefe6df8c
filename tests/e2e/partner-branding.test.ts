import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations, launchBrowser, type Browser } from "./support/browser.ts";
import { demoPasswords, startE2eServer, type E2eServer } from "./support/e2e-server.ts";
import { signInThroughUi } from "./support/sign-in.ts";

// docs/product-rules.md#r24-partner-branding: staff make a partner's logo and colours the branding of a vendor
// company's link.

let server: E2eServer;
let browser: Browser;
let admin: Page;

beforeAll(async () => {
  server = await startE2eServer();
  browser = await launchBrowser();
  admin = await browser.newPage();
  await signInThroughUi(admin, server.url, "admin@demo.example", demoPasswords.admin);
  await admin.waitForURL(`${server.url}/back-office`);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("a vendor company's branding", () => {
  it("an admin picks the company a partner brands; the company's link then shows that partner's name and logo", async () => {
    await admin.goto(`${server.url}/back-office/partners`);
    const section = admin.getByRole("region", { name: "Apronto Dental" });
    const edit = section.getByRole("form", { name: "Edit Apronto Dental" });
    const select = edit.getByLabel("Vendor company", { exact: true });
    expect(await select.inputValue()).toBe("");
    expect(await select.locator("option").first().textContent()).toBe("None (stand-alone partner)");
    await section.getByText("stand-alone partner", { exact: false }).first().waitFor();
    await select.selectOption({ label: "Demo Equipment Co." });
    await edit.getByRole("button", { name: "Save partner" }).click();
    await section.getByRole("status").filter({ hasText: "Partner saved" }).waitFor();
    await section.getByRole("link", { name: "/vendor_partner/demo-equipment-co" }).waitFor();
    expect(
      await admin
        .getByRole("form", { name: "Edit Apronto Dental" })
        .getByLabel("Vendor company", { exact: true })
        .inputValue(),
    ).not.toBe("");
    await expectNoAxeViolations(admin);

    const visitor = await browser.newPage();
    await visitor.goto(`${server.url}/vendor_partner/demo-equipment-co`);
    const logo = visitor.getByRole("img", { name: "Apronto Dental" });
    await logo.waitFor();
    expect(await logo.getAttribute("src")).toBe("/partner-logos/apronto-dental.svg");
    await visitor.getByText("Financing offered with Apronto Dental").waitFor();
    await expectNoAxeViolations(visitor);
    await visitor.close();
  });
});
