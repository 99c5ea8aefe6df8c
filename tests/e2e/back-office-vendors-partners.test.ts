import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { vendorSignUpMessages } from "../../domain/vendors/contracts.ts";
import { defaultBrand } from "../../domain/site/brand.ts";
import { samplePng } from "../support/multipart.ts";
import { expectNoAxeViolations, launchBrowser, type Browser } from "./support/browser.ts";
import { demoPasswords, startE2eServer, type E2eServer } from "./support/e2e-server.ts";
import { signInThroughUi } from "./support/sign-in.ts";

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

describe("vendors screen", () => {
  it("creates a vendor on /VendorSignUp inside the back office, in the configured brand's words, and refuses a second company of the same name", async () => {
    const email = "kilo@kilokayaks.example";
    await admin.goto(`${server.url}/VendorSignUp`);
    const navigation = admin.getByRole("navigation", { name: "Back office" });
    await navigation.getByRole("link", { name: "Vendors" }).waitFor();
    expect(await navigation.getByRole("link", { name: "Vendor sign-up" }).getAttribute("aria-current")).toBe("page");
    const form = admin.getByRole("form", { name: "Create a vendor account" });
    await form.getByLabel("First name").fill("Kilo");
    await form.getByLabel("Company email").fill(email);
    await form.getByLabel("Company name").fill("Kilo Kayaks");
    await form.getByRole("button", { name: "Create account" }).click();
    await admin.getByText(vendorSignUpMessages.sent(defaultBrand.name)).waitFor();
    expect(await admin.getByRole("main").textContent()).not.toContain("Increase");
    await expectNoAxeViolations(admin);

    await form.getByLabel("First name").fill("Lima");
    await form.getByLabel("Company email").fill("lima@kilokayaks.example");
    await form.getByLabel("Company name").fill("  kilo   KAYAKS ");
    await form.getByRole("button", { name: "Create account" }).click();
    await admin
      .getByRole("alert")
      .filter({ hasText: 'A company named "Kilo Kayaks" is already in the system' })
      .waitFor();
  });

  it("keeps /VendorSignUp behind the back office's guard: a visitor signs in first, a vendor goes to the portal", async () => {
    const visitorBrowser = await launchBrowser();
    const visitor = await visitorBrowser.newPage();
    await visitor.goto(`${server.url}/VendorSignUp`);
    await visitor.waitForURL(`${server.url}/VendorLogin`);
    await signInThroughUi(visitor, server.url, "vendor@demo.example", demoPasswords.vendor);
    await visitor.waitForURL(`${server.url}/portal`);
    await visitor.goto(`${server.url}/VendorSignUp`);
    await visitor.waitForURL(`${server.url}/portal`);
    await visitorBrowser.close();
  });

  it("mails an invited vendor's invitation again, deactivates the vendor after a confirmation and reactivates them", async () => {
    const email = "kilo@kilokayaks.example";
    await admin.goto(`${server.url}/back-office/vendors`);
    const users = admin.getByRole("table", { name: "Users of Kilo Kayaks" });
    const row = users.getByRole("row", { name: /Kilo/ });
    await row.getByRole("cell", { name: "invited", exact: true }).waitFor();
    await row.getByRole("button", { name: `Resend invitation to ${email}` }).click();
    await row.getByRole("status").filter({ hasText: "Invitation sent again" }).waitFor();

    // Deactivating asks first, names the person and says what happens; Cancel keeps them active.
    await row.getByRole("button", { name: `Deactivate ${email}` }).click();
    const confirm = admin.getByRole("alertdialog", { name: "Deactivate Kilo?" });
    await confirm.waitFor();
    expect(await confirm.textContent()).toMatch(/Kilo \(kilo@kilokayaks\.example\) is signed out now.*cannot sign in/);
    await expectNoAxeViolations(admin);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "hidden" });
    await row.getByRole("cell", { name: "invited", exact: true }).waitFor();
    expect(await row.getByRole("button", { name: `Deactivate ${email}` }).isVisible()).toBe(true);

    await row.getByRole("button", { name: `Deactivate ${email}` }).click();
    await confirm.getByRole("button", { name: "Deactivate Kilo" }).click();
    await row.getByRole("status").filter({ hasText: "Vendor deactivated" }).waitFor();
    await row.getByRole("cell", { name: "deactivated", exact: true }).waitFor();
    expect(await row.getByRole("button", { name: `Deactivate ${email}` }).count()).toBe(0);

    await row.getByRole("button", { name: `Reactivate ${email}` }).click();
    await row.getByRole("status").filter({ hasText: "Vendor reactivated" }).waitFor();
    await row.getByRole("cell", { name: "invited", exact: true }).waitFor();
    await server.smtp.waitFor((mail) => mail.to.includes(email) && mail.subject.includes("active again"));
    await expectNoAxeViolations(admin);
  });
});

describe("partners screen", () => {
  it("checks a new partner in the browser, adds it with its logo, then edits it", async () => {
    await admin.goto(`${server.url}/back-office/partners`);
    const add = admin.getByRole("form", { name: "Add a partner" });
    await add.getByLabel("Slug (address)").fill("Lima Lasers");
    await add.getByRole("button", { name: "Add partner" }).click();
    await add.getByText("Letters, digits, - and _ only.").waitFor();

    await add.getByLabel("Slug (address)").fill("Lima_Lasers");
    await add.getByLabel("Name", { exact: true }).fill("Lima Lasers");
    await add.getByLabel("Vendor name").fill("Lima Lasers");
    await add.getByLabel("Sales person").fill("Max Lima");
    await add.getByLabel("Vendor phone").fill("5550107000");
    await add.getByLabel(/^Logo/).setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: samplePng });
    await add.getByRole("button", { name: "Add partner" }).click();
    await admin.getByRole("status").filter({ hasText: "Partner saved" }).waitFor();
    const branding = (await (await fetch(`${server.url}/api/partners/Lima_Lasers`)).json()) as {
      salesPerson: string;
      logoUrl: string;
    };
    expect(branding.logoUrl).toMatch(/^\/api\/partners\/Lima_Lasers\/logo\?v=/);
    // The add form starts again empty.
    expect(await admin.getByRole("form", { name: "Add a partner" }).getByLabel("Slug (address)").inputValue()).toBe("");

    const edit = admin.getByRole("form", { name: "Edit Lima Lasers" });
    await edit.getByLabel("Sales person").fill("Max Park");
    await edit.getByRole("button", { name: "Save partner" }).click();
    await expect
      .poll(
        async () =>
          ((await (await fetch(`${server.url}/api/partners/Lima_Lasers`)).json()) as { salesPerson: string })
            .salesPerson,
      )
      .toBe("Max Park");
    await admin
      .getByRole("region", { name: "Lima Lasers" })
      .getByRole("status")
      .filter({ hasText: "Partner saved" })
      .waitFor();
    expect(await admin.getByRole("form", { name: "Edit Lima Lasers" }).getByLabel("Sales person").inputValue()).toBe(
      "Max Park",
    );
  });
});

// docs/product-rules.md#r54-the-funder-network
describe("funders screen", () => {
  it("adds a funder with its programs and criteria, says what is wrong first, and lists it", async () => {
    await admin.goto(`${server.url}/back-office`);
    await admin.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Funders" }).click();
    await admin.getByRole("heading", { level: 1, name: "Funders" }).waitFor();
    await admin.getByText("No funders yet.").waitFor();
    const form = admin.getByRole("form", { name: "Add a funder" });
    await form.getByRole("textbox", { name: "Name", exact: true }).fill("Harbor Capital");
    await form.getByRole("checkbox", { name: "Lease" }).check();
    await form.getByRole("checkbox", { name: "Construction" }).check();
    await form.getByLabel("Minimum amount ($)").fill("10,000");
    await form.getByLabel("Maximum amount ($)").fill("5,000");
    await form.getByLabel("States").fill("TX, Texas");
    await form.getByRole("button", { name: "Add funder" }).click();
    await form.getByText("The maximum is below the minimum.").waitFor();
    await form.getByText("Use two-letter state codes separated by commas, like TX, OK.").waitFor();
    await expectNoAxeViolations(admin);
    // What was typed stays; correcting it is enough.
    expect(await form.getByRole("textbox", { name: "Name", exact: true }).inputValue()).toBe("Harbor Capital");
    await form.getByLabel("Maximum amount ($)").fill("500,000");
    await form.getByLabel("States").fill("tx, ok");
    await form.getByLabel("States").press("Enter");
    await admin.getByRole("status").filter({ hasText: "Harbor Capital saved." }).waitFor();
    const row = admin.getByRole("table", { name: "Funders" }).getByRole("row", { name: /Harbor Capital/ });
    await row.getByRole("cell", { name: "Equipment finance, Lease" }).waitFor();
    await row.getByRole("cell", { name: "$10,000.00 to $500,000.00" }).waitFor();
    await row.getByRole("cell", { name: "OK, TX" }).waitFor();
    await admin.getByRole("form", { name: "Change Harbor Capital" }).waitFor();
    await expectNoAxeViolations(admin);
  });
});
