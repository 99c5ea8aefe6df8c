import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calculatorMessages } from "../../domain/calculator/calculator-schema.ts";
import { defaultBrand } from "../../domain/site/brand.ts";
import { cookieConsentStorageKey } from "../../domain/site/timing.ts";
import { calculatorLead } from "../../server/calculator/tables.ts";
import { partner } from "../../server/partners/tables.ts";
import { expectNoAxeViolations, launchBrowser, viewports, type Browser } from "./support/browser.ts";
import { startE2eServer, type E2eServer } from "./support/e2e-server.ts";

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  server = await startE2eServer({ CALCULATOR_TIMELINE_SCALE: "0.01" });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const usd = (amount: number) =>
  `$${amount.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const round = (amount: number) => Math.round(amount * 100) / 100;

type Profile = {
  name: string;
  price: string;
  scoreButton: string;
  oldestDebt: "Under 5 years" | "5 years or more";
  firstTime: "Yes" | "No";
  startYear: number;
  /** docs/product-rules.md#r9-calculator-pricing by hand: the rate row and the down-payment rule that should win. */
  rate: number;
  downPercent: number;
};

/** The cards docs/product-rules.md#r9-calculator-pricing describes, computed here from its formulas. */
function expectedCards(profile: Profile) {
  const base = Number(profile.price.replace(/,/g, "")) * (1 - profile.downPercent / 100);
  const markup = (term: number) => (term <= 24 ? 1.15 : term <= 36 ? 1.08 : term <= 60 ? 1.04 : 1.03);
  const r = profile.rate / 100 / 12;
  return [24, 36, 48, 60].map((term) => {
    const payment = (base * markup(term) * r) / (1 - (1 + r) ** -term);
    return {
      term,
      range: `${usd(round(payment))} - ${usd(round(payment * 1.09))}`,
      rate: `Estimated rate ${profile.rate}% - ${profile.rate + 5}%`,
    };
  });
}

const profiles: Profile[] = [
  // 780 -> "<= 900" row: 9%; first-time buyer with 650+, 16 years in business: rule 2, 15% down.
  {
    name: "Fifteen Down",
    price: "120,000",
    scoreButton: "750 or more",
    oldestDebt: "5 years or more",
    firstTime: "Yes",
    startYear: 2010,
    rate: 9,
    downPercent: 15,
  },
  // Oldest debt under 5 years: the rate for 600, 30%; rate >= 25: rule 1, 40% down.
  {
    name: "Forty Down",
    price: "50,000",
    scoreButton: "700-729",
    oldestDebt: "Under 5 years",
    firstTime: "No",
    startYear: 2012,
    rate: 30,
    downPercent: 40,
  },
  // 740 -> 9%; not first-time with a score over 650: no rule before 5 holds, 0% down.
  {
    name: "Zero Down",
    price: "80,000",
    scoreButton: "729-750",
    oldestDebt: "5 years or more",
    firstTime: "No",
    startYear: 2005,
    rate: 9,
    downPercent: 0,
  },
];

async function open(page: Page, path: string) {
  await page.goto(`${server.url}${path}`);
  await page.evaluate((key) => window.localStorage.setItem(key, "true"), cookieConsentStorageKey);
  await page.locator("main [data-hydrated]").waitFor();
}

const alertText = (page: Page) => page.getByRole("alert").filter({ hasText: /\S/ }).first().textContent();
const choose = (page: Page, group: string, option: string) =>
  page.getByRole("group", { name: group }).getByRole("button", { name: option, exact: true }).click();

async function fillSteps(page: Page, profile: Profile, prefilledVendor = false) {
  if (!prefilledVendor) {
    await page.getByLabel("Vendor name").fill("Valley Heavy");
    await page.getByLabel("Sales person").fill("Tom Becker");
    await page.getByLabel("Vendor phone").fill("5595550110");
  }
  await page.getByLabel("Monthly earnings the equipment adds").fill("4000");
  await page.getByLabel("Monthly earnings the equipment adds").blur();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("First name").fill(profile.name.split(" ")[0]!);
  await page.getByLabel("Last name").fill(profile.name.split(" ")[1]!);
  await page
    .getByLabel("E-mail")
    .first()
    .fill(`${profile.name.replace(" ", ".").toLowerCase()}@example.com`);
  await page.getByLabel("Phone", { exact: true }).fill("5550100100");
  await page.getByRole("button", { name: "Next" }).click();
  await choose(page, "Type of business (choose all that apply)", "LLC");
  await choose(page, "Is this your first equipment purchase?", profile.firstTime);
  await page.getByLabel("Month the business started").selectOption("March");
  await page.getByLabel("Year the business started").selectOption(String(profile.startYear));
  await page.getByLabel("Monthly sales").fill("30000");
  await choose(page, "Preferred term", "48 months");
  await page.getByRole("button", { name: "Next" }).click();
  await choose(page, "Personal credit score", profile.scoreButton);
  await choose(page, "Age of your oldest debt", profile.oldestDebt);
  await choose(page, "Bankruptcy in the last 5 years?", "No");
  await choose(page, "Credit available on your cards", "60-100%");
  await choose(page, "Installment loans", "Fewer than 5");
  await choose(page, "Homeowner or renter", "Homeowner");
  await choose(page, "Business loans", "Fewer than 5");
  await choose(page, "Any working capital loans?", "No");
  await page.getByRole("button", { name: "Get my payment options" }).click();
  await page.getByRole("button", { name: "I am ready for my payment options" }).click();
  await page.getByRole("heading", { name: "Qualifying Page" }).waitFor();
}

describe("GetQualified calculator", () => {
  it("shows the default testimonials as labelled samples, written for visitors", async () => {
    const page = await browser.newPage();
    await open(page, "/GetQualified");
    const carousel = page.getByRole("region", { name: "What our customers say" });
    for (let shown = 0; shown < defaultBrand.testimonials.length; shown += 1) {
      const text = (await carousel.textContent()) ?? "";
      expect(text).toContain("Sample testimonial");
      expect(text).not.toMatch(/replace this|operator|carousel|before launch/i);
      await carousel.getByRole("button", { name: "Next testimonial" }).click();
    }
    await page.close();
  });

  it("shows every validation message of the calculator", async () => {
    const page = await browser.newPage();
    await open(page, "/GetQualified");
    const price = page.getByLabel("Price of equipment");
    await price.pressSequentially("8000abc");
    expect(await price.inputValue()).toBe("8,000");
    await page.getByRole("button", { name: "Start Application" }).click();
    await page.getByText(calculatorMessages.priceOver10k).waitFor();
    await price.fill("4000");
    await page.getByRole("button", { name: "Begin" }).click();
    await page.getByText(calculatorMessages.priceOver5k).waitFor();
    await price.fill("9000");
    await page.getByRole("button", { name: "Get my payment options" }).click();
    await page.getByRole("heading", { name: "Vendor Information" }).waitFor();
    expect(await page.getByLabel("Equipment cost").inputValue()).toBe("9,000.00");
    await page.getByRole("button", { name: "Next" }).click();
    await expect.poll(() => alertText(page)).toBe(calculatorMessages.step1);
    await page.getByRole("button", { name: "Qualifying Page" }).click();
    await expect.poll(() => alertText(page)).toBe(calculatorMessages.jumpAhead);
    await page.getByLabel("Vendor name").fill("Valley Heavy");
    await page.getByLabel("Sales person").fill("Tom Becker");
    await page.getByLabel("Vendor phone").fill("5595550110");
    await page.getByLabel("Monthly earnings the equipment adds").fill("4000");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("button", { name: "Next" }).click();
    await expect.poll(() => alertText(page)).toBe(calculatorMessages.section);
    await page.getByLabel("First name").fill("Ana");
    await page.getByLabel("Last name").fill("Ruiz");
    await page.getByLabel("E-mail").first().fill("ana@example.com");
    await page.getByLabel("Phone", { exact: true }).fill("5550100100");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("button", { name: "Next" }).click();
    await expect.poll(() => alertText(page)).toBe(calculatorMessages.section);
    await expectNoAxeViolations(page);
    await page.reload();
    await page.getByRole("heading", { name: "Business Information" }).waitFor();
    await page.getByRole("button", { name: "Back" }).click();
    expect(await page.getByLabel("First name").inputValue()).toBe("Ana");
    await page.close();
  });

  for (const profile of profiles) {
    it(`prices the ${profile.name} profile (${profile.downPercent}% down) at phone width as the pricing rules say`, async () => {
      const page = await browser.newPage();
      await page.setViewportSize(viewports.phone);
      await open(page, "/GetQualified");
      await page.getByLabel("Price of equipment").fill(profile.price);
      await page.getByRole("button", { name: "Begin" }).click();
      await fillSteps(page, profile);
      expect(await page.getByText(`${profile.downPercent}%`, { exact: true }).count()).toBe(1);
      for (const card of expectedCards(profile)) {
        expect(await page.getByTestId(`payment-${card.term}`).textContent()).toBe(card.range);
        expect(await page.getByTestId(`rate-${card.term}`).textContent()).toBe(card.rate);
      }
      await expectNoAxeViolations(page);
      await page.getByRole("radio", { name: /48 months/ }).check();
      await page.getByRole("button", { name: "I want this payment option" }).click();
      const oops = page.getByRole("alertdialog", { name: calculatorMessages.termsTitle });
      await oops.getByText(calculatorMessages.terms).waitFor();
      await oops.getByRole("button", { name: "OK" }).click();
      await page.getByLabel(/I accept the/).check();
      await page.getByRole("button", { name: "I want this payment option" }).click();
      const success = page.getByRole("dialog", { name: calculatorMessages.successTitle });
      await success.getByText(calculatorMessages.success).waitFor();
      await success.getByRole("button", { name: "OK" }).click();
      await page.getByRole("heading", { name: "Vendor Information" }).waitFor();
      expect(await page.getByLabel("Vendor name").inputValue()).toBe("");
      await server.smtp.waitFor((mail) => mail.subject === `Calculator option chosen: ${profile.name}`);
      await page.close();
    });
  }

  it("runs the Apronto Dental partner calculator with its vendor details filled in", async () => {
    const page = await browser.newPage();
    const missing = await fetch(`${server.url}/vendor_partner/No_Such_Partner`);
    expect(missing.status).toBe(404);
    const found = await fetch(`${server.url}/vendor_partner/Apronto_Dental`);
    expect(found.status).toBe(200);
    const html = await found.text();
    expect(html).toContain("<title>Apronto Dental - Keystone Equipment Capital</title>");
    // Prerendered once and filled in by the server: branded before any script runs.
    expect(html).toContain('style="background-color:#0f766e;border-top:8px solid #b45309"');
    expect(html).toContain('alt="Apronto Dental"');
    expect(html).not.toContain("%%partner.");
    expect((await fetch(`${server.url}/vendor_partner/__partner__`)).status).toBe(404);
    await open(page, "/vendor_partner/Apronto_Dental");
    expect(await page.getByRole("img", { name: "Apronto Dental" }).count()).toBe(1);
    expect(await page.getByRole("region", { name: "What our customers say" }).count()).toBe(0);
    await page.getByLabel("Price of equipment").fill("60,000");
    await page.getByRole("button", { name: "Begin" }).click();
    expect(await page.getByLabel("Vendor name").inputValue()).toBe("Apronto Dental");
    expect(await page.getByLabel("Sales person").inputValue()).toBe("Jordan Ellis");
    expect(await page.getByLabel("Vendor phone").inputValue()).toBe("(555) 010-0142");
    await expectNoAxeViolations(page);
    await fillSteps(page, { ...profiles[0]!, name: "Dental Client", price: "60,000" }, true);
    await page.close();
  });

  it("stored each lead with the server's numbers and the partner", async () => {
    const database = await server.stopAndOpenDatabase();
    const [fifteen] = await database.db
      .select()
      .from(calculatorLead)
      .where(eq(calculatorLead.lastName, "Down"))
      .orderBy(calculatorLead.createdAt);
    expect(fifteen).toMatchObject({
      firstName: "Fifteen",
      downPaymentPercent: 15,
      annualRate: 9,
      financedBase: 102000,
      chosenTerm: 48,
      partnerId: null,
    });
    expect(fifteen!.otherAnswers).toMatchObject({ creditAvailable: "60-100%", workingCapitalLoans: "no" });
    const [dental] = await database.db.select().from(calculatorLead).where(eq(calculatorLead.firstName, "Dental"));
    const [apronto] = await database.db.select().from(partner).where(eq(partner.slug, "Apronto_Dental"));
    expect(dental).toMatchObject({
      partnerId: apronto!.id,
      vendorName: "Apronto Dental",
      salesPersonName: "Jordan Ellis",
    });
  });
});
