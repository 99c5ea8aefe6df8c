import { createHash, randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { and, eq, isNull } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessDayOf } from "#domain/site/business-day.ts";
import { defaultBrand } from "#domain/site/brand.ts";
import { user } from "../../server/auth/tables.ts";
import { deal } from "../../server/deals/tables.ts";
import { funderAnswer, funderSubmission } from "../../server/funders/tables.ts";
import { dealFunding } from "../../server/funding/tables.ts";
import { payoutAccount } from "../../server/payout-accounts/tables.ts";
import { createFieldCipher } from "../../server/shared/crypto/field-cipher.ts";
import { workingCalendarDay } from "../../server/working-calendar/tables.ts";
import { parseNachaFile } from "../support/nacha-parser.ts";
import { expectNoAxeViolations, launchBrowser, type Browser } from "./support/browser.ts";
import { demoPasswords, startE2eServer, type E2eServer } from "./support/e2e-server.ts";
import { signInThroughUi } from "./support/sign-in.ts";

// The payout batches in the back office (docs/product-rules.md#r60-payout-batches): a demo deal's
// approved funding, seeded through the database with its dealer's payout account, is paid in today's
// batch built by keyboard; the ACH file downloads as built and parses; a return is recorded in its
// dialog. At desktop width and at 390 px, with axe on each screen.

let server: E2eServer;
let browser: Browser;
let admin: Page;
const dataKey = randomBytes(32).toString("base64");
const accountNumber = "700012345678";
const phone = { width: 390, height: 844 };
let businessName = "";

beforeAll(async () => {
  const cipher = createFieldCipher(dataKey, [], undefined);
  server = await startE2eServer({ SEED_DEMO: "true", DATA_ENCRYPTION_KEY: dataKey }, async ({ db }) => {
    const [staff] = await db.select({ id: user.id }).from(user).where(eq(user.email, "admin@demo.example"));
    const [dealer] = await db
      .select({ id: user.id, companyId: user.vendorCompanyId })
      .from(user)
      .where(eq(user.email, "vendor@demo.example"));
    // A demo deal of the dealer's with a funder's answer and no funding yet.
    const [answered] = await db
      .select({ dealId: deal.id, answerId: funderAnswer.id, businessName: deal.businessName })
      .from(funderAnswer)
      .innerJoin(funderSubmission, eq(funderSubmission.id, funderAnswer.submissionId))
      .innerJoin(deal, eq(deal.id, funderSubmission.dealId))
      .leftJoin(dealFunding, eq(dealFunding.dealId, deal.id))
      .where(and(eq(deal.vendorCompanyId, dealer!.companyId!), isNull(dealFunding.id)))
      .limit(1);
    businessName = answered!.businessName;
    const today = businessDayOf(new Date(), defaultBrand.timeZone);
    // Whatever day the suite runs on, the credit team works it.
    await db
      .insert(workingCalendarDay)
      .values({ day: today, closed: false, label: "Payouts e2e", changedByUserId: staff!.id })
      .onConflictDoNothing();
    await db.insert(dealFunding).values({
      dealId: answered!.dealId,
      vendorCompanyId: dealer!.companyId!,
      answerId: answered!.answerId,
      status: "approved",
      amountFinancedCents: 5_000_000,
      equipmentCostCents: 5_750_000,
      downPaymentCents: 750_000,
      feesCents: 0,
      earningsCents: 0,
      amountCents: 5_000_000,
      preparedByUserId: staff!.id,
      decidedByUserId: staff!.id,
      decidedAt: new Date(),
      fundedOn: today,
    });
    await db
      .update(payoutAccount)
      .set({ status: "replaced", endedAt: new Date() })
      .where(and(eq(payoutAccount.vendorCompanyId, dealer!.companyId!), eq(payoutAccount.status, "active")));
    await db.insert(payoutAccount).values({
      vendorCompanyId: dealer!.companyId!,
      holderName: "Demo Dealer LLC",
      routingNumber: "011000015",
      accountNumberEncrypted: cipher.encrypt(accountNumber),
      accountNumberLast4: accountNumber.slice(-4),
      accountType: "checking",
      status: "active",
      createdByUserId: dealer!.id,
      confirmedAt: new Date(Date.now() - 5 * 86_400_000),
      confirmedByUserId: dealer!.id,
      usableFrom: new Date(Date.now() - 86_400_000),
    });
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

/** Reaches `target` with one Tab from the control before it. */
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

const fitsThePhone = async (page: Page) => {
  await page.setViewportSize(phone);
  const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  await page.setViewportSize({ width: 1280, height: 900 });
  return fits;
};

describe("payouts in the back office", () => {
  it("builds today's batch by keyboard after confirming its count and total", async () => {
    await admin.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Payouts" }).click();
    await admin.getByRole("heading", { name: "Payouts", level: 1 }).waitFor();
    await admin.getByText("Ready to pay: 1 entry, $50,000.00.").waitFor();
    await expectNoAxeViolations(admin);
    expect(await fitsThePhone(admin)).toBe(true);

    const build = admin.getByRole("button", { name: "Build today's batch" });
    await tabTo(admin, build);
    await admin.keyboard.press("Enter");
    const dialog = admin.getByRole("dialog", { name: "Build today's batch?" });
    await dialog.getByText("The batch pays 1 entry, $50,000.00 in all").waitFor();
    // Focus stays in the dialog: its first control, then around.
    const confirm = dialog.getByRole("button", { name: "Build the batch: $50,000.00" });
    await expectNoAxeViolations(admin);
    for (let step = 0; step < 4 && !(await isFocused(confirm)); step++) await admin.keyboard.press("Tab");
    expect(await isFocused(confirm)).toBe(true);
    await admin.keyboard.press("Enter");
    // The demo built its own batch today already (A) when today is a working day: this one is the next file.
    await admin.getByRole("heading", { name: /^ACH batch of .* \([A-Z0-9]\)$/ }).waitFor();
  });

  it("shows the batch's entries masked, and downloads its ACH file byte for byte", async () => {
    const entries = admin.getByRole("table", { name: "Entries of the batch" });
    await entries.getByRole("row", { name: new RegExp(businessName, "i") }).waitFor();
    await entries.getByText("••••5678").waitFor();
    expect(await admin.content()).not.toContain(accountNumber);
    await expectNoAxeViolations(admin);
    expect(await fitsThePhone(admin)).toBe(true);

    const shown = (await admin.getByText(/^File SHA-256: /).textContent())!.replace("File SHA-256: ", "").trim();
    const downloading = admin.waitForEvent("download");
    await admin.getByRole("link", { name: "Download ACH file" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^ach-\d{4}-\d{2}-\d{2}-[A-Z0-9]\.txt$/);
    const bytes = await readFile((await download.path())!);
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(shown);
    const file = parseNachaFile(bytes.toString("utf8"));
    const credits = file.batches[0]!.entries.filter((entry) => entry.credit);
    expect(credits.map((entry) => [entry.routingNumber, entry.accountNumber, entry.amountCents])).toEqual([
      ["011000015", accountNumber, 5_000_000],
    ]);
    expect(file.totalCreditCents).toBe(5_000_000);
  });

  it("records a return in its dialog, by keyboard", async () => {
    const open = admin.getByRole("button", { name: /^Record a return of trace \d{15}$/ });
    await tabTo(admin, open);
    await admin.keyboard.press("Enter");
    const dialog = admin.getByRole("dialog", { name: "Record a return" });
    await dialog.getByRole("button", { name: "Record the return" }).click();
    await dialog.getByText("Choose the return code.").waitFor();
    await dialog.getByLabel("Return code").selectOption("R03");
    await dialog.getByLabel("Note (for the credit team)").fill("In the bank's return file.");
    await expectNoAxeViolations(admin);
    await dialog.getByLabel("Note (for the credit team)").focus();
    await admin.keyboard.press("Tab");
    expect(await isFocused(dialog.getByRole("button", { name: "Record the return" }))).toBe(true);
    await admin.keyboard.press("Enter");
    await admin
      .getByRole("table", { name: "Entries of the batch" })
      .getByText(/^Returned: R03 No account\/unable to locate account \(In the bank's return file\.\)/)
      .waitFor();
    await dialog.waitFor({ state: "hidden" });
    await expectNoAxeViolations(admin);

    await admin.getByRole("link", { name: "Payouts" }).first().click();
    const held = admin.getByRole("table", { name: "Held fundings and earnings" });
    await held.getByText("Returned (R03) by the account ••••5678: waiting for a new payout account").waitFor();
    await server.smtp.waitFor((mail) => mail.subject.startsWith("Payment returned:"));
  });
});
