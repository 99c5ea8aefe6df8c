import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reindexAllLeads } from "../../server/response-times/lead-index.ts";
import { expectNoAxeViolations, launchBrowser, viewports, type Browser } from "./support/browser.ts";
import { demoPasswords, startE2eServer, type E2eServer } from "./support/e2e-server.ts";
import { holdRequests } from "./support/hold-requests.ts";
import { signInThroughUi } from "./support/sign-in.ts";
import { waitForUrlOrSay } from "./support/wait-for-url.ts";

// docs/product-rules.md#r46-back-office-lists: staff search and page through leads, deals and vendors, and a view's URL
// shows the
// same view on another page; an admin changes a vendor company's link address.

let server: E2eServer;
let browser: Browser;
let staff: Page;

// Two hooks, each with its own time: the server with its rows, the signed-in browser.
beforeAll(async () => {
  server = await startE2eServer({}, async ({ db }) => {
    await db.execute(sql`insert into footer_message (idempotency_key, name_of_business, name_user, email_user, message, created_at)
      select 'pager-' || g, 'Paging Co', 'Pager ' || g, 'pager' || g || '@x.example', 'Please call', now() - g * interval '1 hour' from generate_series(1, 120) g`);
    await db.execute(reindexAllLeads);
    await db.execute(sql`insert into deal (idempotency_key, vendor_company_id, submitted_by_user_id, account_number, business_name, owners_name, business_phone, business_email, description, equipment_description, month_submitted, year_in_file, last_update)
      select 'paging-' || g, u.vendor_company_id, u.id, 'VP' || (50000 + g), 'Paging Deal ' || g, 'Owner ' || g, '(212) 555-0100', 'paging@biz.example', 'Loader', 'Loader', 1, 2025, now() - g * interval '1 minute'
      from generate_series(1, 80) g, "user" u where u.email = 'vendor@demo.example'`);
    await db.execute(
      sql`insert into vendor_company (name, company_code) select 'Paging Vendor ' || lpad(g::text, 2, '0'), (800000 + g)::text from generate_series(1, 60) g`,
    );
  });
});
beforeAll(async () => {
  browser = await launchBrowser();
  staff = await browser.newPage();
  await signInThroughUi(staff, server.url, "admin@demo.example", demoPasswords.admin);
  await staff.waitForURL(`${server.url}/back-office`);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const firstRow = (page: Page, caption: string) =>
  page.getByRole("region", { name: caption }).getByRole("rowheader").first().innerText();

/** The same address in a new tab of the same session shows the same rows and count. */
async function expectSameViewAt(url: string, caption: string, noun: string) {
  const shown = {
    first: await firstRow(staff, caption),
    count: await staff.getByRole("status").filter({ hasText: noun }).innerText(),
  };
  const other = await browser.newPage();
  await other.goto(url);
  await other.getByRole("region", { name: caption }).waitFor();
  expect(await firstRow(other, caption)).toBe(shown.first);
  expect(await other.getByRole("status").filter({ hasText: noun }).innerText()).toBe(shown.count);
  await other.close();
}

describe("back-office lists", () => {
  it("searches leads, pages through them, and shares the view by its URL", async () => {
    await staff.goto(`${server.url}/back-office/leads`);
    const filters = staff.getByRole("form", { name: "Search and filter leads" });
    await filters.getByLabel("Search").fill("pager 11");
    await filters.getByRole("button", { name: "Search" }).click();
    await staff.waitForURL(/q=pager\+11/);
    await staff.getByRole("status").filter({ hasText: "11 leads" }).waitFor();
    await expectNoAxeViolations(staff);

    await filters.getByLabel("Search").fill("");
    await filters.getByRole("button", { name: "Search" }).click();
    await staff.waitForURL((url) => !url.searchParams.has("q"));
    await filters.getByLabel("Kind").selectOption({ label: "Website message" });
    await staff.waitForURL(/type=footer-message/);
    const firstPage = await firstRow(staff, "Leads");
    await staff.getByRole("link", { name: "Next page" }).click();
    await staff.waitForURL(/cursor=/);
    await staff.getByRole("link", { name: "Previous page" }).waitFor();
    expect(await firstRow(staff, "Leads")).not.toBe(firstPage);
    await expectNoAxeViolations(staff);
    await expectSameViewAt(staff.url(), "Leads", "leads");

    await staff.getByRole("button", { name: /^Lead/ }).click();
    await staff.waitForURL(/sort=title/);
    expect(new URL(staff.url()).searchParams.get("cursor")).toBeNull();
  });

  it("searches deals, pages forward and back, and shares the view by its URL", async () => {
    await staff.goto(`${server.url}/back-office/deals`);
    const filters = staff.getByRole("form", { name: "Filter deals" });
    await filters.getByLabel("Search").fill("paging deal");
    await filters.getByRole("button", { name: "Search" }).click();
    await staff.getByRole("status").filter({ hasText: "80 deals" }).waitFor();
    const firstPage = await firstRow(staff, "Deals");
    await staff.getByRole("link", { name: "Next page" }).click();
    await waitForUrlOrSay(staff, /cursor=/);
    await expect.poll(() => staff.getByRole("region", { name: "Deals" }).getByRole("rowheader").count()).toBe(30);
    await expectNoAxeViolations(staff);
    await expectSameViewAt(staff.url(), "Deals", "deals");
    await staff.getByRole("link", { name: "Previous page" }).click();
    await staff.getByRole("link", { name: "Next page" }).waitFor();
    expect(await firstRow(staff, "Deals")).toBe(firstPage);
  });

  it("keeps the page where it is while the next page loads, on a desktop and at 390 px: the loading status sits over it", async () => {
    const listCall = /\/api\/back-office\/deals\?/;
    for (const viewport of [viewports.desktop, { width: 390, height: 844 }]) {
      await staff.setViewportSize(viewport);
      await staff.goto(`${server.url}/back-office/deals?q=paging+deal`);
      const table = staff.getByRole("region", { name: "Deals" });
      await staff.getByRole("status").filter({ hasText: "80 deals" }).waitFor();
      const before = await table.boundingBox();
      // The next page's answer held until the loading status has been seen.
      const held = await holdRequests(staff, listCall);
      await staff.getByRole("link", { name: "Next page" }).click();
      const loading = staff.getByRole("status").filter({ hasText: "Loading…" });
      await loading.waitFor();
      expect(await table.boundingBox()).toEqual(before);
      const shown = (await loading.boundingBox())!;
      expect(shown.x >= 0 && shown.x + shown.width <= viewport.width).toBe(true);
      await held.release();
      await waitForUrlOrSay(staff, /cursor=/);
    }
    await staff.setViewportSize(viewports.desktop);
  });

  it("searches vendors by company or user, pages through them, and lets an admin change a company's link address", async () => {
    await staff.goto(`${server.url}/back-office/vendors`);
    const filters = staff.getByRole("form", { name: "Search vendors" });
    await filters.getByLabel("Search").fill("VENDOR@DEMO");
    await filters.getByRole("button", { name: "Search" }).click();
    await staff
      .getByRole("status")
      .filter({ hasText: /^1 vendor companies$/ })
      .waitFor();
    await staff.getByRole("heading", { name: /Demo Equipment Co\./ }).waitFor();

    await filters.getByLabel("Search").fill("paging vendor");
    await filters.getByRole("button", { name: "Search" }).click();
    await staff.getByRole("status").filter({ hasText: "60 vendor companies" }).waitFor();
    await filters.getByLabel("Sort").selectOption({ label: "Newest first" });
    await staff.waitForURL(/sort=newest/);
    expect(new URL(staff.url()).searchParams.get("q")).toBe("paging vendor");
    await filters.getByLabel("Sort").selectOption({ label: "Name, A to Z" });
    await staff.waitForURL((url) => !url.searchParams.has("sort"));
    await staff.getByRole("heading", { name: /^Paging Vendor 01 / }).waitFor();
    await staff.getByRole("link", { name: "Next page" }).click();
    await staff.waitForURL(/cursor=/);
    await staff.getByRole("heading", { name: /^Paging Vendor 60 / }).waitFor();
    await expectNoAxeViolations(staff);

    const linkForm = staff.getByRole("form", { name: "Link address of Paging Vendor 60" });
    await linkForm.getByLabel("Link address").fill("paging-vendor-01");
    await linkForm.getByRole("button", { name: "Save link address" }).click();
    await linkForm.getByText("That link address is taken.").first().waitFor();
    await linkForm.getByLabel("Link address").fill("Not a slug!");
    await linkForm.getByRole("button", { name: "Save link address" }).click();
    await linkForm
      .getByText(/Use lower-case letters, digits and single hyphens/)
      .first()
      .waitFor();
    await linkForm.getByLabel("Link address").fill("last-paging-vendor");
    await linkForm.getByRole("button", { name: "Save link address" }).click();
    await linkForm.getByText("Link address changed to /vendor_partner/last-paging-vendor.", { exact: false }).waitFor();
    await expectNoAxeViolations(staff);
    expect((await fetch(`${server.url}/api/partners/last-paging-vendor`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/partners/paging-vendor-60`)).status).toBe(404);
  });
});
