import { eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { needMoreInformationMessage } from "../../domain/questionnaire/picked-option-schema.ts";
import { cookieConsentStorageKey } from "../../domain/site/timing.ts";
import { pickedOption, questionnaireAnswer } from "../../server/questionnaire/tables.ts";
import { expectNoAxeViolations, launchBrowser, viewports, type Browser } from "./support/browser.ts";
import { startE2eServer, type E2eServer } from "./support/e2e-server.ts";

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  server = await startE2eServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const startYear = new Date().getFullYear() - 3;

// docs/product-rules.md#r8-questionnaire-pricing, by hand: score 650 -> "<= 670" row -> 12%; started 3 years ago ->
// code 48
// -> "<= 60" row -> +4%; $80,000 x 1.04 = $83,200 amortised at r = 0.12 / 12 = 0.01.
const principal = 80_000 * 1.04;
const payment = (months: number) => {
  const r = 0.12 / 12;
  return Math.round(((principal * r) / (1 - (1 + r) ** -months)) * 100) / 100;
};
const usd = (amount: number) =>
  `$${amount.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

type Answer = { label: string; progress: number } & (
  { type: string } | { choose: string } | { month: string; year: string }
);

const answers = (overrides: Partial<Record<string, Answer>> = {}): Answer[] =>
  [
    { label: "What is the name of the business owner?", type: "Maria Lopez", progress: 5 },
    { label: "What is the name of the business?", type: "Granite Peak Excavation", progress: 10 },
    { label: "What is the business phone number?", type: "5595550142", progress: 15 },
    { label: "How old is your oldest debt (loan or credit card)?", choose: "5 years or more", progress: 20 },
    { label: "What is your personal credit score?", type: "650", progress: 25 },
    { label: "How much of your credit card limits are you using?", choose: "Under 40%", progress: 30 },
    { label: "Have you filed for bankruptcy in the last 5 years?", choose: "No", progress: 35 },
    { label: "Do you own your home or rent?", choose: "Homeowner", progress: 40 },
    { label: "How many personal debts (loans and cards) do you have?", choose: "Less than 5", progress: 45 },
    { label: "How many business loans do you have?", choose: "Less than 5", progress: 50 },
    { label: "When did the business start?", month: "April", year: String(startYear), progress: 55 },
    { label: "Which company is selling the equipment?", type: "Valley Heavy Equipment", progress: 60 },
    { label: "What is the seller's phone number?", type: "5595550110", progress: 65 },
    { label: "What equipment are you buying?", type: "Compact track loader", progress: 70 },
    { label: "Is the equipment new or used?", choose: "Used", progress: 75 },
    { label: "How much does the equipment cost?", type: "80000", progress: 80 },
    { label: "Over how many months would you like to pay?", choose: "36 months", progress: 85 },
    { label: "How much monthly revenue will the equipment add?", type: "9000", progress: 99 },
    { label: "What is the business's annual gross revenue?", type: "1500000", progress: 100 },
  ].map((answer) => overrides[answer.label] ?? answer);

const progress = (page: Page) =>
  page.getByRole("progressbar", { name: "Questionnaire progress" }).getAttribute("aria-valuenow");

async function openLanding(page: Page, path = "/") {
  await page.goto(`${server.url}${path}`);
  await page.evaluate((key) => window.localStorage.setItem(key, "true"), cookieConsentStorageKey);
  await page.locator("#questionnaire [data-hydrated]").waitFor();
}

/** Answers every question with the keyboard alone: typing, arrows, Tab and Enter. */
async function answerByKeyboard(page: Page, list: Answer[]) {
  await page.getByLabel(list[0]!.label).focus();
  for (const answer of list) {
    if ("type" in answer) {
      await page.keyboard.type(answer.type);
    } else if ("choose" in answer) {
      const group = page.getByRole("group", { name: answer.label });
      await group.getByRole("radio").first().waitFor();
      const labels = await group
        .getByRole("radio")
        .evaluateAll((radios) => radios.map((radio) => (radio as HTMLInputElement).labels![0]!.textContent));
      await page.keyboard.press("Space");
      for (let i = 0; i < labels.indexOf(answer.choose); i += 1) await page.keyboard.press("ArrowRight");
    } else {
      // Typing picks an option of a closed select; Enter then advances, as on every question.
      await page.keyboard.type(answer.month);
      await page.keyboard.press("Tab");
      await page.keyboard.type(answer.year);
    }
    await page.keyboard.press("Enter");
    if (answer.progress < 100) {
      await expect.poll(() => progress(page)).toBe(String(answer.progress));
    }
  }
}

/** The element is on screen: below the sticky header and above the phone's fixed bottom bar. */
async function expectOnScreen(page: Page, element: Locator, what: string) {
  const viewport = page.viewportSize()!;
  const box = (await element.boundingBox())!;
  const header = (await page.locator("header").first().boundingBox())!;
  const bottomBar = page.getByRole("region", { name: "Quick actions" });
  const visibleBottom = (await bottomBar.isVisible()) ? (await bottomBar.boundingBox())!.y : viewport.height;
  expect(box.y, `${what}: top, below the header`).toBeGreaterThanOrEqual(header.y + header.height - 1);
  expect(box.y + box.height, `${what}: bottom, above the bottom bar`).toBeLessThanOrEqual(visibleBottom + 1);
}

describe("landing questionnaire", () => {
  it("advances on Enter at the business-start question, after choosing month and year with the keyboard", async () => {
    const page = await browser.newPage();
    await openLanding(page);
    const list = answers();
    const start = list.findIndex((answer) => "month" in answer);
    await answerByKeyboard(page, list.slice(0, start));
    const month = page.getByLabel("Month");
    await expect.poll(() => month.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type("April");
    await page.keyboard.press("Tab");
    await page.keyboard.type(String(startYear));
    expect(await page.getByLabel("Year").inputValue()).toBe(String(startYear));
    await page.keyboard.press("Enter");
    await page.getByLabel("Which company is selling the equipment?").waitFor();
    await expect.poll(() => progress(page)).toBe("55");
    await page.close();
  });

  it("puts the estimate on screen after the last answer, on a phone and on a desktop", async () => {
    for (const size of [{ width: 390, height: 844 }, viewports.desktop]) {
      const page = await browser.newPage();
      await page.setViewportSize(size);
      await openLanding(page);
      const business = "What is the name of the business?";
      await answerByKeyboard(
        page,
        answers({ [business]: { label: business, type: `In View ${size.width}`, progress: 10 } }),
      );
      const results = page.getByRole("region", { name: "Your estimated monthly payments" });
      await results.waitFor();
      await page.waitForFunction(() => document.activeElement?.id === "results-heading");
      const rows = results.getByRole("row");
      await expectOnScreen(
        page,
        results.getByRole("heading", { name: "Your estimated monthly payments" }),
        `heading at ${size.width} px`,
      );
      await expectOnScreen(page, rows.nth(1), `first payment row at ${size.width} px`);
      if (size.width >= 1024) await expectOnScreen(page, rows.last(), `last payment row at ${size.width} px`);
      await page.close();
    }
  });

  it("refuses bad answers with the spec's messages and keeps them", async () => {
    const page = await browser.newPage();
    await openLanding(page);
    const owner = page.getByLabel("What is the name of the business owner?");
    await owner.fill("A");
    await page.keyboard.press("Enter");
    await page.getByText("Please enter the name of the owner").waitFor();
    expect(await owner.getAttribute("aria-invalid")).toBe("true");
    await owner.fill("Maria Lopez");
    expect(await owner.getAttribute("aria-invalid")).toBeNull();
    expect(await owner.getAttribute("class")).toContain("border-green-700");
    await page.keyboard.press("Enter");
    await page.getByLabel("What is the name of the business?").fill("Acme");
    await page.keyboard.press("Enter");
    await page.getByLabel("What is the business phone number?").pressSequentially("5550100199");
    expect(await page.getByLabel("What is the business phone number?").inputValue()).toBe("(555) 010-0199");
    await page.keyboard.press("Enter");
    await page
      .getByRole("group", { name: "How old is your oldest debt (loan or credit card)?" })
      .getByLabel("5 years or more")
      .check();
    await page.keyboard.press("Enter");
    const score = page.getByLabel("What is your personal credit score?");
    await score.fill("540");
    await page.keyboard.press("Enter");
    await page.getByText("Credit needs to be higher than 540").waitFor();
    await page.getByRole("button", { name: "Back" }).click();
    await page.getByRole("button", { name: "Back" }).click();
    expect(await page.getByLabel("What is the business phone number?").inputValue()).toBe("(555) 010-0199");
    await expectNoAxeViolations(page);
    await page.close();
  });

  it("is answered by keyboard at phone width, shows server-priced payments and leads to a picked option", async () => {
    const page = await browser.newPage();
    await page.setViewportSize(viewports.phone);
    await openLanding(page, "/?id=campaign-7");
    await answerByKeyboard(page, answers());

    const results = page.getByRole("region", { name: "Your estimated monthly payments" });
    await results.waitFor();
    for (const months of [24, 36, 48, 60]) {
      expect(await results.getByRole("row", { name: new RegExp(`^${months} months`) }).textContent()).toContain(
        usd(payment(months)),
      );
    }
    expect(await results.getByRole("row", { name: /36 months \(your desired term\)/ }).count()).toBe(1);
    expect(await results.textContent()).toContain("Estimated annual interest rate: 12%");
    expect(await page.getByRole("progressbar").count()).toBe(0);
    await expectNoAxeViolations(page);

    await results.getByRole("link", { name: "See my financing options" }).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(`${server.url}/FinancingOptions`);
    await page.reload();
    const form = page.getByRole("form", { name: "Financing options" });
    await form.waitFor();
    expect(await form.textContent()).toContain("Granite Peak Excavation");
    expect(await form.textContent()).toContain("Finance amount$80,000.00");
    expect(await form.textContent()).toContain("Advance payments2");
    expect(await form.getByRole("radio", { name: /36 months/ }).isChecked()).toBe(true);
    expect(await form.getByText(/your desired term/).count()).toBe(1);
    await form.getByRole("button", { name: "MOVE FORWARD" }).click();
    await form.getByRole("alert").filter({ hasText: "soft proposal" }).waitFor();
    await form.getByRole("radio", { name: new RegExp(`48 months: \\${usd(payment(48))}`) }).check();
    await page.getByText("Term picked: 48 months. Desired term: 36 months.").waitFor();
    await page.getByRole("button", { name: "Yes, please contact me." }).click();
    await page.getByText("A finance specialist will contact you shortly.").waitFor();
    await form.getByLabel(/soft proposal/).check();
    await expectNoAxeViolations(page);
    await form.getByRole("button", { name: "MOVE FORWARD" }).click();
    await page.waitForURL(`${server.url}/ThankYou`);
    await server.smtp.waitFor((mail) => mail.subject === "Payment option picked: Granite Peak Excavation");
    await server.smtp.waitFor((mail) => mail.subject === "New pre-qualification: Granite Peak Excavation");
    await page.close();
  });

  it("shows no numbers after a bankruptcy, only that a specialist will review", async () => {
    const page = await browser.newPage();
    await openLanding(page);
    const list = answers({
      "What is the name of the business?": {
        label: "What is the name of the business?",
        type: "Bankrupt Bakery",
        progress: 10,
      },
      "Have you filed for bankruptcy in the last 5 years?": {
        label: "Have you filed for bankruptcy in the last 5 years?",
        choose: "Yes",
        progress: 35,
      },
    });
    await answerByKeyboard(page, list);
    const results = page.getByRole("region", { name: "Thank you for your answers" });
    await results.waitFor();
    expect(await results.textContent()).not.toMatch(/\$|BK|decline/);
    await results.getByRole("link", { name: "Continue" }).click();
    await page.getByText(needMoreInformationMessage).waitFor();
    expect(await page.getByRole("form", { name: "Financing options" }).count()).toBe(0);
    await page.close();
  });

  it("stored the answers and the picked option with amounts computed by the server", async () => {
    const database = await server.stopAndOpenDatabase();
    const [answer] = await database.db
      .select()
      .from(questionnaireAnswer)
      .where(eq(questionnaireAnswer.businessName, "Granite Peak Excavation"));
    expect(answer).toMatchObject({
      visitId: "campaign-7",
      creditScore: 650,
      startYear,
      monthsInBusiness: 48,
      equipmentCost: 80000,
      desiredTerm: 36,
      eligible: true,
      annualRate: 12,
      contactClient: "yes",
    });
    expect(answer!.payments).toEqual({
      "24": payment(24),
      "36": payment(36),
      "48": payment(48),
      "60": payment(60),
      desired: payment(36),
    });
    const [picked] = await database.db.select().from(pickedOption).where(eq(pickedOption.answerId, answer!.id));
    expect(picked).toMatchObject({
      term: 48,
      monthlyPayment: payment(48),
      contactClient: "yes",
      agreeItsJustProposal: true,
    });
    const [bankrupt] = await database.db
      .select()
      .from(questionnaireAnswer)
      .where(eq(questionnaireAnswer.businessName, "Bankrupt Bakery"));
    expect(bankrupt).toMatchObject({ eligible: false, annualRate: null, payments: null, bankruptcy: true });
  });
});
