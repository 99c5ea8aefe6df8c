import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leadFieldLabels } from "../../domain/leads/lead-kinds.ts";
import { leadTypes, type LeadType } from "../../domain/leads/lead-inbox.ts";
import {
  sampleCalculatorLead,
  sampleCreditApplication,
  sampleQuestionnaireAnswer,
} from "../../server/demo/sample-requests.ts";
import { expectNoAxeViolations, launchBrowser, type Browser } from "./support/browser.ts";
import { demoPasswords, startE2eServer, type E2eServer } from "./support/e2e-server.ts";
import { signInThroughUi } from "./support/sign-in.ts";

let server: E2eServer;
let browser: Browser;
let page: Page;
const longMessage = `${"We run three excavators and would like to finance a fourth one before the spring season starts. ".repeat(3)}Please call after 3 pm, the last words.`;

/** Each kind's title in the inbox. */
const titles: Record<LeadType, string> = {
  questionnaire: "Granite Peak Excavation (Maria Lopez)",
  "picked-option": "Granite Peak Excavation: 48 months",
  calculator: "Ana Ruiz",
  "vendor-contact": "Valley Heavy (Tom Becker)",
  "credit-application": "Granite Peak Excavation LLC",
  "footer-message": "", // shortened: found by its start
};

async function post(path: string, body: object): Promise<string> {
  const response = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify(body),
  });
  expect(response.status, path).toBeLessThan(300);
  return ((await response.json()) as { id: string }).id;
}

beforeAll(async () => {
  server = await startE2eServer();
  browser = await launchBrowser();
  const answerId = await post("/api/leads/questionnaire-answer", sampleQuestionnaireAnswer());
  await post("/api/leads/picked-option", {
    answerId,
    term: "48",
    agreeItsJustProposal: true,
    idempotencyKey: randomUUID(),
  });
  const calculatorId = await post("/api/leads/calculator", sampleCalculatorLead());
  await post("/api/leads/calculator-choice", { leadId: calculatorId, term: "36", acceptTerms: true });
  await post("/api/leads/vendor-contact", {
    businessName: "Valley Heavy",
    contactName: "Tom Becker",
    phoneNumber: "(559) 555-0110",
    email: "tom@valleyheavy.example",
    idempotencyKey: randomUUID(),
  });
  await post("/api/leads/credit-application", sampleCreditApplication());
  await post("/api/leads/footer-message", {
    nameOfBusiness: "Granite Peak Excavation",
    nameUser: "Maria Lopez",
    emailUser: "office@granitepeak.example",
    subjectUser: longMessage,
    idempotencyKey: randomUUID(),
  });
  page = await browser.newPage();
  await signInThroughUi(page, server.url, "admin@demo.example", demoPasswords.admin);
  await page.waitForURL(`${server.url}/back-office`);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const inbox = () => page.getByRole("table", { name: "Leads" });
const main = () => page.locator("main");

async function openFromInbox(type: LeadType) {
  await page.goto(`${server.url}/back-office/leads`);
  const link =
    type === "footer-message"
      ? inbox().getByRole("link", { name: /^Maria Lopez \(Granite Peak Excavation\): We run/ })
      : inbox().getByRole("link", { name: titles[type], exact: true });
  await link.click();
  await page.waitForURL(new RegExp(`/back-office/leads/${type}/[0-9a-f-]{36}$`));
  await page.getByRole("heading", { name: "Handling" }).waitFor();
}

/** Every label of the kind is on the page, and no field's raw key (camelCase) is. */
async function expectLabelledFields(type: LeadType) {
  const text = (await main().textContent())!;
  for (const [key, spec] of Object.entries(leadFieldLabels[type])) {
    expect(text, `${type}: label of ${key}`).toContain(spec.label);
    if (/[A-Z]/.test(key)) expect(text, `${type}: raw key ${key}`).not.toContain(key);
  }
  expect(text).not.toMatch(/531-86|612-49|98-765/);
  expect(text, "times in the business time zone").toMatch(
    /arrived [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M P[SD]T/,
  );
}

describe("a lead's page", () => {
  it("opens every kind from the inbox with all its fields under readable labels", async () => {
    for (const type of leadTypes) {
      await openFromInbox(type);
      await expectLabelledFields(type);
    }
  });

  it("shows what each kind adds: payments, the picked option's contact and answer, the calculator's choice, a long message whole", async () => {
    await openFromInbox("questionnaire");
    const payments = page.getByRole("table", { name: "Estimated payments by term" });
    for (const term of ["24 months", "36 months", "48 months", "60 months", "Desired term"])
      await payments.getByRole("rowheader", { name: term }).waitFor();
    await page.getByRole("link", { name: `Picked option: ${titles["picked-option"]}` }).waitFor();

    await openFromInbox("picked-option");
    await main().getByText("(559) 555-0142").first().waitFor();
    await page.getByRole("link", { name: `Pre-qualification: ${titles.questionnaire}` }).click();
    await page.waitForURL(/\/back-office\/leads\/questionnaire\//);

    await openFromInbox("calculator");
    expect(await main().textContent()).toContain("Truck, New, Sleeper");
    await page
      .getByRole("table", { name: "Estimated payments by term" })
      .getByRole("rowheader", { name: "48 months" })
      .waitFor();

    await page.goto(`${server.url}/back-office/leads`);
    const shortened = (await inbox()
      .getByRole("link", { name: /^Maria Lopez \(Granite Peak Excavation\): We run/ })
      .textContent())!;
    expect(shortened.endsWith("…")).toBe(true);
    expect(shortened).not.toContain("the last words");
    await openFromInbox("footer-message");
    await main().getByText(longMessage).waitFor();
    await main().getByText("Granite Peak Excavation", { exact: true }).waitFor();

    await openFromInbox("credit-application");
    await main().getByText("•••-••-4207").waitFor();
    await page.getByRole("button", { name: "Reveal owner 1's Social Security number" }).waitFor();
    await page
      .getByRole("region", { name: "Related records" })
      .getByRole("listitem")
      .filter({ hasText: `Same phone: Pre-qualification: ${titles.questionnaire}` })
      .waitFor();
  });

  it("sets status, assigns to me and keeps a note, all in the history after a reload; axe clean", async () => {
    await openFromInbox("vendor-contact");
    await expectNoAxeViolations(page);
    const handling = page.getByRole("region", { name: "Handling" });
    await handling.getByLabel("Status").selectOption("contacted");
    await page.getByText("changed status from “new” to “contacted”").waitFor();
    await handling.getByRole("button", { name: "Assign to me" }).click();
    await handling.getByText("admin@demo.example").waitFor();
    const notes = page.getByRole("form", { name: "Notes on this lead" });
    await notes.getByLabel("Notes").fill("Called Tom: wants a dealer account.\nSend the invitation tomorrow.");
    await notes.getByRole("button", { name: "Save notes" }).click();
    await page.getByText(/changed notes from “—” to “Called Tom/).waitFor();

    await page.reload();
    const history = page.getByRole("region", { name: "History" });
    await history.getByText("admin@demo.example changed status from “new” to “contacted”").waitFor();
    await history.getByText("admin@demo.example changed assignee from “—” to “admin@demo.example”").waitFor();
    await history.getByText(/changed notes from “—” to “Called Tom: wants a dealer account\./).waitFor();
    expect(await page.getByRole("form", { name: "Notes on this lead" }).getByLabel("Notes").inputValue()).toBe(
      "Called Tom: wants a dealer account.\nSend the invitation tomorrow.",
    );
    expect(await page.getByRole("region", { name: "Handling" }).getByLabel("Status").inputValue()).toBe("contacted");
    await expectNoAxeViolations(page);

    await page.goto(`${server.url}/back-office/leads?status=contacted`);
    await inbox().getByRole("link", { name: titles["vendor-contact"], exact: true }).waitFor();
  });

  it("fits a phone's width on every kind", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const type of leadTypes) {
      await openFromInbox(type);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), type).toBeLessThanOrEqual(390);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it("says a lead that does not exist was not found", async () => {
    await page.goto(`${server.url}/back-office/leads/questionnaire/${randomUUID()}`);
    await page.getByRole("alert").filter({ hasText: "Not found." }).waitFor();
    await page.goto(`${server.url}/back-office/leads/mortgage/not-an-id`);
    await page.getByRole("alert").filter({ hasText: "Not found." }).waitFor();
  });
});
