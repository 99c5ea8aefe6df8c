import { sql } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations, launchBrowser, type Browser } from "./support/browser.ts";
import { demoPasswords, startE2eServer, type E2eServer } from "./support/e2e-server.ts";
import { signInThroughUi } from "./support/sign-in.ts";

// The stips catalog (admins keep it by keyboard, in a dialog) and the credit team's "Stips to
// review" queue, at desktop width and at 390 px (docs/product-rules.md#r55-stipulations).

let server: E2eServer;
let browser: Browser;
let admin: Page;
let dealId = "";

const phone = { width: 390, height: 844 };

beforeAll(async () => {
  // A demo vendor's deal with a stip received yesterday and past its review's due time, one received
  // just now, and one still requested (not in the queue). Written straight into the tables.
  server = await startE2eServer({}, async ({ db }) => {
    const deals = (await db.execute(sql`
      insert into deal (idempotency_key, vendor_company_id, submitted_by_user_id, account_number, business_name, owners_name,
        business_phone, business_email, description, equipment_description, month_submitted, year_in_file, stage)
      select 'stips-e2e', u.vendor_company_id, u.id, 'VP77001', 'QUEUE PAVING LLC', 'Quinn Owner', '(212) 555-0100',
        'quinn@paving.example', 'Loader', 'Loader', 1, 2026, 2
      from "user" u where u.email = 'vendor@demo.example' returning id`)) as unknown as { rows: { id: string }[] };
    dealId = deals.rows[0]!.id;
    const stips = (await db.execute(sql`
      insert into deal_stip (deal_id, name, satisfied_by, status, received_at) values
        (${dealId}, 'Equipment invoice', 'dealer', 'received', now() - interval '1 day'),
        (${dealId}, 'Bank statements (last 3 months)', 'applicant', 'received', now()),
        (${dealId}, 'Voided business check', 'applicant', 'requested', null)
      returning id, name`)) as unknown as { rows: { id: string; name: string }[] };
    const invoice = stips.rows.find((stip) => stip.name === "Equipment invoice")!.id;
    const statements = stips.rows.find((stip) => stip.name.startsWith("Bank statements"))!.id;
    await db.execute(sql`
      insert into response_clock (subject_kind, subject_type, subject_id, source, arrived_at, due_at) values
        ('stip', 'stip', ${invoice}, 'stip-dealer', now() - interval '1 day', now() - interval '20 hours'),
        ('stip', 'stip', ${statements}, 'stip-applicant', now(), now() + interval '4 hours')`);
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
async function tabTo(page: Page, target: Locator, limit = 25) {
  for (let presses = 0; presses < limit; presses++) {
    if (await isFocused(target)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error("Tab never reached the element");
}

describe("the stips catalog", () => {
  it("lets an admin add a stip by keyboard in a dialog that keeps the focus, and shows it in the catalog", async () => {
    await admin.goto(`${server.url}/back-office`);
    const navigation = admin.getByRole("navigation", { name: "Back office" });
    await navigation.getByRole("link", { name: "Stips catalog" }).click();
    await admin.getByRole("heading", { name: "Stips catalog", level: 1 }).waitFor();
    const catalog = admin.getByRole("table", { name: "Stips catalog" });
    await catalog.getByRole("rowheader", { name: "Certificate of insurance" }).waitFor();

    const add = admin.getByRole("button", { name: "Add a stip" });
    await tabTo(admin, add);
    await admin.keyboard.press("Enter");
    const dialog = admin.getByRole("dialog", { name: "Add a stip" });
    await dialog.waitFor();
    await expectNoAxeViolations(admin);

    // Submitting empty says what is missing, in the field.
    const submit = dialog.getByRole("button", { name: "Add stip" });
    await tabTo(admin, submit);
    await admin.keyboard.press("Enter");
    await dialog.getByText("Please name the stip.").waitFor();

    await tabTo(admin, dialog.getByLabel("Name"));
    await admin.keyboard.type("UCC lien search");
    await admin.keyboard.press("Tab");
    await admin.keyboard.type("A UCC search on the business in its state of organization.");
    // "Sent by": the radio group is one Tab stop; arrows choose.
    await tabTo(admin, dialog.getByRole("radio", { name: "Applicant" }));
    await admin.keyboard.press("ArrowRight");
    expect(await dialog.getByRole("radio", { name: "Credit team" }).isChecked()).toBe(true);
    await tabTo(admin, dialog.getByRole("checkbox", { name: /Ask for it by default/ }));
    await admin.keyboard.press("Space");
    await tabTo(admin, dialog.getByRole("checkbox", { name: "Lease" }));
    await admin.keyboard.press("Space");
    await tabTo(admin, dialog.getByLabel(/From an approved amount/));
    await admin.keyboard.type("100,000");

    // The focus stays in the dialog: Tab from its last control comes back to its first.
    await tabTo(admin, submit);
    await admin.keyboard.press("Tab");
    expect(await isFocused(dialog.getByRole("button", { name: "Close" }))).toBe(true);

    await tabTo(admin, submit);
    await admin.keyboard.press("Enter");
    await admin.getByRole("status").filter({ hasText: "UCC lien search saved." }).waitFor();
    await dialog.waitFor({ state: "hidden" });
    const row = catalog.getByRole("row", { name: /UCC lien search/ });
    await row.waitFor();
    expect(await row.textContent()).toContain("Credit team");
    expect(await row.textContent()).toContain("Lease, from $100,000.00");

    // A second stip of the same name but for case is refused in the dialog, which stays open.
    await add.click();
    await dialog.getByLabel("Name").fill("ucc LIEN search");
    await submit.click();
    await dialog
      .getByRole("alert")
      .filter({ hasText: 'A stip named "ucc LIEN search" is already in the catalog' })
      .waitFor();
    await admin.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(await isFocused(add)).toBe(true);
  });
});

describe("stips to review", () => {
  it("lists received stips oldest first, says which is overdue in words, and links to the deal's Stips section", async () => {
    await admin.goto(`${server.url}/back-office`);
    await admin
      .getByRole("link", { name: /Stips to review/ })
      .first()
      .waitFor();
    await admin.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Stips to review" }).click();
    await admin.getByRole("heading", { name: "Stips to review", level: 1 }).waitFor();
    expect(await admin.getByRole("main").textContent()).toContain("reviewed within 4 business hours");
    const table = admin.getByRole("table", { name: "Stips to review" });
    const rows = table.getByRole("row");
    await table.getByRole("rowheader", { name: "Equipment invoice" }).waitFor();
    // Header row, then the two received stips, oldest first; the requested one is not there.
    expect(await rows.count()).toBe(3);
    expect(await rows.nth(1).textContent()).toContain("Equipment invoice");
    expect(await rows.nth(1).textContent()).toContain("Overdue: was due");
    expect(await rows.nth(2).textContent()).toContain("Bank statements (last 3 months)");
    expect(await rows.nth(2).textContent()).not.toContain("Overdue");
    expect(await table.textContent()).not.toContain("Voided business check");
    expect(await admin.getByRole("main").textContent()).toContain("1 on this page is overdue.");
    await expectNoAxeViolations(admin);

    await rows.nth(1).getByRole("link", { name: "QUEUE PAVING LLC (VP77001)" }).click();
    await admin.waitForURL(`${server.url}/back-office/deals/${dealId}#stips`);
    await admin
      .getByRole("heading", { name: /QUEUE PAVING LLC/ })
      .first()
      .waitFor();
  });

  it("shows stips on the response-times board, promised in 4 business hours", async () => {
    await admin.goto(`${server.url}/back-office/response-times`);
    await admin.getByLabel("Show", { exact: true }).selectOption({ label: "Stips" });
    await admin.getByRole("button", { name: "Show", exact: true }).click();
    await admin.waitForURL(/kind=stip/);
    await admin.getByRole("heading", { name: /the promise is 4 business hours/ }).waitFor();
    const overdue = admin.getByRole("table", { name: "Overdue stips received" });
    await overdue.getByRole("link", { name: "Equipment invoice — QUEUE PAVING LLC (VP77001)" }).waitFor();
  });

  it("fits 390 px: the queue, the catalog and its dialog never scroll sideways", async () => {
    const page = await browser.newPage();
    await page.setViewportSize(phone);
    for (const path of ["/back-office/stips-to-review", "/back-office/stip-kinds"]) {
      await page.goto(`${server.url}${path}`);
      await page.getByRole("table").first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    }
    await page.getByRole("button", { name: "Change UCC lien search" }).click();
    const dialog = page.getByRole("dialog", { name: "Change UCC lien search" });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await dialog.getByLabel("Name").inputValue()).toBe("UCC lien search");
    await expectNoAxeViolations(page);
    await page.close();
  });
});
