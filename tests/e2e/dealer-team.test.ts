import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { teamMessages } from "../../domain/team/contracts.ts";
import { samplePdf } from "../support/multipart.ts";
import { passwordLinkIn } from "../support/password-link.ts";
import { sampleNewDealFields } from "../../server/demo/sample-requests.ts";
import { expectNoAxeViolations, launchBrowser, viewports, type Browser } from "./support/browser.ts";
import { demoPasswords, startE2eServer, type E2eServer } from "./support/e2e-server.ts";
import { signInThroughUi } from "./support/sign-in.ts";

// docs/product-rules.md#r53-a-dealers-team: the demo company's dealer admin invites a sales rep through the Team
// screen, the rep chooses a password from the mail and sees only their own deals; the admin sees the owner, hands
// the rep's deals to a colleague and deactivates the rep, all with the keyboard.

let server: E2eServer;
let adminBrowser: Browser;
let repBrowser: Browser;
let admin: Page;
const repEmail = "rory.rep@demo-equipment.example";
const repPassword = "rory-chooses-this-1";

beforeAll(async () => {
  server = await startE2eServer();
  adminBrowser = await launchBrowser();
  repBrowser = await launchBrowser();
  admin = await adminBrowser.newPage();
  await signInThroughUi(admin, server.url, "vendor@demo.example", demoPasswords.vendor);
  await admin.waitForURL(`${server.url}/portal`);
});
afterAll(async () => {
  await adminBrowser?.close();
  await repBrowser?.close();
  await server?.stop();
});

const submitDeal = async (page: Page, businessName: string) => {
  const created = await page.request.post(`${server.url}/api/portal/deals`, {
    headers: { origin: server.url },
    multipart: {
      deal: JSON.stringify(sampleNewDealFields({ businessName })),
      "client-info": { name: "application.pdf", mimeType: "application/pdf", buffer: samplePdf },
    },
  });
  expect(created.status()).toBe(201);
};

describe("a dealer's team", () => {
  let rep: Page;

  it("invites a sales rep from the Team screen, by keyboard; the rep chooses a password from the mail", async () => {
    await admin.getByRole("navigation", { name: "Vendor portal" }).getByRole("link", { name: "Team" }).click();
    await admin.getByRole("heading", { level: 1, name: "Team" }).waitFor();
    const invite = admin.getByRole("form", { name: "Invite a user" });
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await invite.getByText("Please enter the name.").waitFor();
    await invite.getByLabel("Name").fill("Rory Rep");
    await invite.getByLabel("E-mail").fill(repEmail);
    expect(await invite.getByLabel("Role").inputValue()).toBe("sales-rep");
    await invite.getByLabel("E-mail").press("Enter");
    await admin
      .getByRole("status")
      .filter({ hasText: teamMessages.invited(repEmail) })
      .waitFor();
    const row = admin.getByRole("row", { name: /Rory Rep/ });
    await row.getByRole("cell", { name: "Sales rep" }).waitFor();
    await row.getByRole("cell", { name: "Invited" }).waitFor();
    await expectNoAxeViolations(admin);

    const invitation = await server.smtp.waitFor(
      (mail) => mail.to.includes(repEmail) && mail.subject.includes("invited"),
    );
    expect(invitation.body).toContain("vendor@demo.example added you to your company's team");
    rep = await repBrowser.newPage();
    await rep.setViewportSize(viewports.phone);
    await rep.goto(passwordLinkIn(invitation.body).link);
    await rep.getByLabel("New password", { exact: true }).fill(repPassword);
    await rep.getByLabel("Repeat the new password").fill(repPassword);
    await rep.getByRole("button", { name: "Save password" }).click();
    await rep.getByText("Your password has been changed").waitFor();
    await signInThroughUi(rep, server.url, repEmail, repPassword);
    await rep.waitForURL(`${server.url}/portal`);
  });

  it("shows the rep only their own deals, no Team, API keys or Webhooks, and their own link", async () => {
    await submitDeal(rep, "rory's own bakery");
    await submitDeal(admin, "admin's own quarry");
    await rep.reload();
    const deals = rep.getByRole("table", { name: "Your deals" });
    await rep.getByRole("combobox", { name: "Month" }).selectOption("all");
    await deals.getByRole("row", { name: /RORY'S OWN BAKERY/ }).waitFor();
    expect(await deals.getByRole("row", { name: /ADMIN'S OWN QUARRY/ }).count()).toBe(0);
    expect(await rep.getByRole("columnheader", { name: "Owner" }).count()).toBe(0);
    const menu = rep.getByRole("navigation", { name: "Vendor portal" });
    await menu.getByRole("button", { name: "Menu", exact: true }).click();
    for (const name of ["Team", "API keys", "Webhooks"])
      expect(await menu.getByRole("link", { name, exact: true }).count(), name).toBe(0);
    await menu.getByRole("link", { name: "Your link" }).click();
    const link = await rep.getByLabel("Your calculator link").inputValue();
    expect(link).toMatch(/\/vendor_partner\/demo-equipment-co--[0-9a-f]{8}$/);
    await expectNoAxeViolations(rep);
  });

  it("shows the admin each deal's owner, filters by it, hands the rep's deals over and deactivates the rep", async () => {
    await admin.goto(`${server.url}/portal?month=all`);
    const deals = admin.getByRole("table", { name: "Your deals" });
    await deals
      .getByRole("row", { name: /RORY'S OWN BAKERY/ })
      .getByRole("cell", { name: "Rory Rep" })
      .waitFor();
    await admin.getByRole("combobox", { name: "Owner" }).selectOption({ label: "Rory Rep" });
    await admin.waitForURL(/owner=/);
    await deals.getByRole("row", { name: /RORY'S OWN BAKERY/ }).waitFor();
    expect(await deals.getByRole("row", { name: /ADMIN'S OWN QUARRY/ }).count()).toBe(0);

    await admin.goto(`${server.url}/portal/team`);
    const handOver = admin.getByRole("form", { name: "Hand over deals and quotes" });
    await handOver.getByLabel("From").selectOption({ label: "Rory Rep: 1 open deals, 0 quotes" });
    await handOver.getByLabel("To").selectOption({ label: "Demo Vendor" });
    await handOver.getByRole("button", { name: "Hand over" }).click();
    await admin.getByRole("status").filter({ hasText: "Handed over 1 deal and 0 quotes." }).waitFor();

    await admin.getByRole("button", { name: "Deactivate Rory Rep" }).focus();
    await admin.keyboard.press("Enter");
    const dialog = admin.getByRole("alertdialog", { name: "Deactivate Rory Rep?" });
    await dialog.getByText("signed out everywhere at once").waitFor();
    await expectNoAxeViolations(admin);
    await dialog.getByRole("button", { name: "Deactivate Rory Rep" }).click();
    await admin
      .getByRole("row", { name: /Rory Rep/ })
      .getByRole("cell", { name: "Deactivated" })
      .waitFor();

    // Signed out everywhere at once: the rep's next request is refused and the portal sends them to sign in.
    await rep.goto(`${server.url}/portal`);
    await rep.waitForURL(/\/VendorLogin/);
    const mail = await server.smtp.waitFor(
      (candidate) => candidate.to.includes("vendor@demo.example") && candidate.subject === "Rory Rep was deactivated",
    );
    expect(mail.body).toContain("signed out everywhere");
  });

  it("refuses to leave the company without a dealer admin: the admin cannot demote themselves", async () => {
    const row = admin.getByRole("row", { name: /Demo Vendor/ });
    await row.getByRole("cell", { name: "You" }).waitFor();
    expect(await row.getByRole("button").count()).toBe(0);
  });
});
