import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations, launchBrowser, type Browser } from "./support/browser.ts";
import { demoPasswords, startE2eServer, type E2eServer } from "./support/e2e-server.ts";
import { signInThroughUi } from "./support/sign-in.ts";

// docs/product-rules.md#r26-api-keys: a vendor creates an API key in the portal (shown once, with Copy), uses it on
// /api/v1, and revokes it after confirming; staff see it in the back office.

let server: E2eServer;
let vendorBrowser: Browser;
let staffBrowser: Browser;
let vendor: Page;

const listDeals = (key: string) => fetch(`${server.url}/api/v1/deals`, { headers: { authorization: `Bearer ${key}` } });

beforeAll(async () => {
  server = await startE2eServer();
  vendorBrowser = await launchBrowser();
  staffBrowser = await launchBrowser();
  vendor = await vendorBrowser.newPage();
  await signInThroughUi(vendor, server.url, "vendor@demo.example", demoPasswords.vendor);
  await vendor.waitForURL(`${server.url}/portal`);
});
afterAll(async () => {
  await vendorBrowser?.close();
  await staffBrowser?.close();
  await server?.stop();
});

describe("API keys in the portal", () => {
  let secret = "";

  it("creates a named key from the sidebar's API keys and shows it once, with Copy", async () => {
    await vendor.getByRole("navigation", { name: "Vendor portal" }).getByRole("link", { name: "API keys" }).click();
    await vendor.getByRole("heading", { level: 1, name: "API keys" }).waitFor();
    await vendor.getByRole("button", { name: "Create key" }).click();
    await vendor.getByText("Please name the key.").waitFor();
    await vendor.getByLabel("Key name").fill("Our DMS");
    await vendor.getByRole("button", { name: "Create key" }).click();
    const dialog = vendor.getByRole("dialog", { name: "Your new key: Our DMS" });
    await dialog.waitFor();
    secret = (await dialog.getByTestId("new-api-key").textContent())!.trim();
    expect(secret).toMatch(/^kec_live_[0-9A-Za-z]{40}$/);
    await expectNoAxeViolations(vendor);
    await dialog.getByRole("button", { name: "Copy" }).click();
    await dialog
      .getByRole("status")
      .filter({ hasText: /Copied\.|Could not copy/ })
      .waitFor();
    await dialog.getByRole("button", { name: "Done" }).click();
    await dialog.waitFor({ state: "hidden" });

    const row = vendor.getByRole("row", { name: /Our DMS/ });
    await row.getByText(`${secret.slice(0, 13)}…`).waitFor();
    expect(await vendor.content()).not.toContain(secret);
    await vendor.reload();
    await vendor.getByRole("row", { name: /Our DMS/ }).waitFor();
    expect(await vendor.content()).not.toContain(secret);
    expect((await listDeals(secret)).status).toBe(200);
  });

  it("shows the key to staff on the back office's API keys screen", async () => {
    const staff = await staffBrowser.newPage();
    await signInThroughUi(staff, server.url, "admin@demo.example", demoPasswords.admin);
    await staff.waitForURL(`${server.url}/back-office`);
    await staff.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "API keys" }).click();
    const row = staff.getByRole("row", { name: /Our DMS/ });
    await row.waitFor();
    expect(await row.textContent()).toContain(secret.slice(0, 13));
    expect(await staff.content()).not.toContain(secret);
    await expectNoAxeViolations(staff);
  });

  it("revokes the key after a confirmation; the API refuses it at once", async () => {
    await vendor
      .getByRole("row", { name: /Our DMS/ })
      .getByRole("button", { name: "Revoke Our DMS" })
      .click();
    const confirm = vendor.getByRole("alertdialog", { name: "Revoke Our DMS?" });
    await confirm.waitFor();
    await expectNoAxeViolations(vendor);
    await confirm.getByRole("button", { name: "Revoke Our DMS" }).click();
    await vendor.getByRole("row", { name: /Our DMS/ }).waitFor({ state: "detached" });
    expect((await listDeals(secret)).status).toBe(401);
  });
});
