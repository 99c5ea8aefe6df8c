import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieConsentStorageKey } from "../../domain/site/timing.ts";
import { sampleNewDealFields } from "../../server/demo/sample-requests.ts";
import { createLocalFileStorage } from "../../server/shared/storage/local-file-storage.ts";
import { multipartBody, samplePdf } from "../support/multipart.ts";
import { seedSentPackage, type SeededPackage } from "../support/signing-fixtures.ts";
import { expectNoAxeViolations, launchBrowser, type Browser } from "./support/browser.ts";
import { demoPasswords, startE2eServer, type E2eServer } from "./support/e2e-server.ts";
import { signInThroughUi } from "./support/sign-in.ts";

// docs/product-rules.md#r57-documents-and-e-signature: a signer opens the request's link on a phone, confirms
// the mailed code, consents to electronic records, reads the pages, adopts a typed signature and signs each
// document, by keyboard alone; another signer draws theirs with the mouse. No axe violation at any step.

const phone = { width: 390, height: 844 };
let server: E2eServer;
let browser: Browser;
let seeded: SeededPackage;
/** A second deal's package, signed in person at the dealer's. */
let inPerson: SeededPackage;
const tokens = { dana: "", ben: "" };

beforeAll(async () => {
  server = await startE2eServer();
  browser = await launchBrowser();
  const signedIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { origin: server.url, "content-type": "application/json" },
    body: JSON.stringify({ email: "vendor@demo.example", password: demoPasswords.vendor }),
  });
  expect(signedIn.status).toBe(200);
  const cookie = signedIn.headers
    .getSetCookie()
    .map((each) => each.split(";")[0])
    .join("; ");
  const upload = multipartBody({ deal: JSON.stringify(sampleNewDealFields({ businessName: "Harbor Paving" })) }, [
    { field: "client-info", name: "application.pdf", content: samplePdf },
  ]);
  const submitted = await fetch(`${server.url}/api/portal/deals`, {
    method: "POST",
    headers: { cookie, origin: server.url, "content-type": upload.contentType },
    body: upload.payload,
  });
  expect(submitted.status).toBe(201);
  const { id } = (await submitted.json()) as { id: string };
  const second = multipartBody({ deal: JSON.stringify(sampleNewDealFields({ businessName: "Mesa Grading" })) }, [
    { field: "client-info", name: "application.pdf", content: samplePdf },
  ]);
  const secondDeal = (await (
    await fetch(`${server.url}/api/portal/deals`, {
      method: "POST",
      headers: { cookie, origin: server.url, "content-type": second.contentType },
      body: second.payload,
    })
  ).json()) as { id: string };
  await server.editDatabase(async (database) => {
    const target = { db: database.db, storage: createLocalFileStorage(path.join(server.dataDir, "files")) };
    seeded = await seedSentPackage(target, id);
    inPerson = await seedSentPackage(target, secondDeal.id);
    tokens.dana = await seeded.linkToken(seeded.signers[0]!.id);
    tokens.ben = await seeded.linkToken(seeded.signers[1]!.id);
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const decoded = (body: string) => body.replace(/=\r?\n/g, "").replace(/&amp;/g, "&");
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** Opens the link at phone width, asks for the code by keyboard and types it: the ceremony's first screen. */
async function openWithCode(page: Page, token: string, email: string) {
  await page.setViewportSize(phone);
  await page.goto(`${server.url}/`);
  await page.evaluate((key) => window.localStorage.setItem(key, "true"), cookieConsentStorageKey);
  await page.goto(`${server.url}/sign#${token}`);
  const ask = page.getByRole("button", { name: "E-mail me a code" });
  await ask.waitFor();
  expect(page.url()).toBe(`${server.url}/sign`);
  expect(await pageWidth(page)).toBeLessThanOrEqual(phone.width);
  await expectNoAxeViolations(page);
  const before = server.smtp.mails.length;
  await ask.focus();
  await page.keyboard.press("Enter");
  await page.getByRole("status").filter({ hasText: "We sent a 6-digit code to" }).waitFor();
  const mail = await server.smtp.waitFor(
    (each) =>
      each.to.includes(email) &&
      each.subject === "Your code to sign your documents" &&
      server.smtp.mails.indexOf(each) >= before,
  );
  const code = /Your code is (\d{6})/.exec(decoded(mail.body))![1]!;
  await expectNoAxeViolations(page);
  await page.getByLabel("6-digit code").focus();
  await page.keyboard.type(code);
  await page.keyboard.press("Enter");
  await page.getByRole("heading", { name: "Before you sign: electronic records and signatures" }).waitFor();
  expect(await pageWidth(page)).toBeLessThanOrEqual(phone.width);
  await expectNoAxeViolations(page);
}

/** Consents by keyboard: the button alone is refused at the checkbox; checked, the documents open. */
async function consentByKeyboard(page: Page) {
  const agree = page.getByRole("button", { name: "Agree and continue" });
  await agree.focus();
  await page.keyboard.press("Enter");
  await page.getByText("Check the box to agree, or decline to sign below.").waitFor();
  await page.getByLabel("I have read the disclosure and agree to use electronic records and signatures.").focus();
  await page.keyboard.press("Space");
  await agree.focus();
  await page.keyboard.press("Enter");
  await page.getByRole("heading", { name: "Your documents" }).waitFor();
  // The button went with the disclosure: focus is on the documents that replaced it.
  await page.waitForFunction(() => document.activeElement?.textContent === "Your documents");
}

describe("the signing ceremony at 390 px", () => {
  it("is done by keyboard alone: code, consent, every page, a typed signature, each document signed", async () => {
    const dana = seeded.signers[0]!;
    const page = await browser.newPage();
    await openWithCode(page, tokens.dana, dana.email);
    await consentByKeyboard(page);
    expect(await pageWidth(page)).toBeLessThanOrEqual(phone.width);
    await page.getByRole("heading", { name: "Page 2 of 2" }).waitFor();
    await expectNoAxeViolations(page);

    // Signing before adopting a signature sends focus to the signature.
    const firstSign = page.getByRole("button", { name: "Sign Equipment finance agreement" });
    await firstSign.focus();
    await page.keyboard.press("Enter");
    await page.getByText("Adopt your signature first").waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Your signature");

    // The name and initials are filled in from the request; the typed style is the default.
    expect(await page.getByLabel("Full name").inputValue()).toBe("Dana Whitfield");
    expect(await page.getByLabel("Initials", { exact: true }).inputValue()).toBe("DW");
    await page.getByRole("img", { name: "Signature preview: Dana Whitfield, typed" }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Adopt this signature" }).focus();
    await page.keyboard.press("Enter");
    await page.getByText("This is how your signature and initials will appear on the documents.").waitFor();
    await expectNoAxeViolations(page);

    // The copy of each document downloads as a PDF.
    const href = await page
      .getByRole("link", { name: "Download PDF of Equipment finance agreement" })
      .getAttribute("href");
    const pdf = await page.request.get(`${server.url}${href}`);
    expect([pdf.status(), pdf.headers()["content-type"]]).toEqual([200, "application/pdf"]);

    for (const { title } of dana.documents) {
      const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
      await card.getByText(`intend to sign ${title}.`).waitFor();
      await page.getByRole("button", { name: `Sign ${title}` }).focus();
      await page.keyboard.press("Enter");
      await card.getByRole("status").filter({ hasText: "Signed on" }).waitFor();
      // Focus stays with the document, on its new status.
      await page.waitForFunction(() => document.activeElement?.textContent?.startsWith("Signed on ") === true);
    }
    await page
      .getByRole("status")
      .filter({
        hasText: "You have signed every document. We will e-mail you the signed copies when everyone has signed.",
      })
      .waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(phone.width);
    await expectNoAxeViolations(page);

    // Closing signing ends the session on this device: the link's code is needed again.
    await page.getByRole("button", { name: "Close signing" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "E-mail me a code" }).waitFor();
    await page.close();
  });

  it("takes a signature drawn with the mouse; the decline dialog is named and keeps focus inside", async () => {
    const ben = seeded.signers[1]!;
    const page = await browser.newPage();
    await openWithCode(page, tokens.ben, ben.email);
    await consentByKeyboard(page);

    // Decline opens a dialog with a required reason; Escape closes it without declining.
    await page.getByRole("button", { name: "Decline to sign" }).click();
    const dialog = page.getByRole("dialog", { name: "Decline to sign" });
    await dialog.waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Decline to sign" }).click();
    await dialog.getByText("Tell us why you decline to sign.").waitFor();
    for (let i = 0; i < 6; i++) await page.keyboard.press("Tab");
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });

    await page.getByLabel("Draw", { exact: true }).check();
    const canvas = page.getByRole("img", { name: "Signature drawing area" });
    await canvas.waitFor();
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 12; step++)
      await page.mouse.move(box.x + 20 + step * 20, box.y + box.height / 2 + (step % 2 === 0 ? -25 : 25), { steps: 3 });
    await page.mouse.up();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Adopt this signature" }).click();
    await page.getByRole("img", { name: "Your signature: drawn (Ben Carter)" }).waitFor();
    const title = ben.documents[0]!.title;
    await page.getByRole("button", { name: `Sign ${title}` }).click();
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
    await card.getByRole("status").filter({ hasText: "Signed on" }).waitFor();
    await card.getByRole("img", { name: "Signature: drawn (Ben Carter)" }).first().waitFor();
    await expectNoAxeViolations(page);
    await page.close();
  });

  it("opens in the portal for a signer at the dealer's, with the code from the signer's own mailbox", async () => {
    const dana = inPerson.signers[0]!;
    const page = await browser.newPage();
    await page.setViewportSize(phone);
    await signInThroughUi(page, server.url, "vendor@demo.example", demoPasswords.vendor);
    await page.waitForURL(`${server.url}/portal`);
    await page.goto(`${server.url}/portal/deals/${inPerson.dealId}/sign-in-person/${dana.id}`);
    const start = page.getByRole("button", { name: "E-mail the code to the signer" });
    await start.waitFor();
    await expectNoAxeViolations(page);
    const before = server.smtp.mails.length;
    await start.focus();
    await page.keyboard.press("Enter");
    await page
      .getByRole("status")
      .filter({ hasText: "Ask Dana Whitfield for the code we e-mailed to d•••@signer.example" })
      .waitFor();
    const mail = await server.smtp.waitFor(
      (each) =>
        each.to.includes(dana.email) &&
        each.subject === "Your code to sign your documents" &&
        server.smtp.mails.indexOf(each) >= before,
    );
    const code = /Your code is (\d{6})/.exec(decoded(mail.body))![1]!;
    await expectNoAxeViolations(page);
    await page.getByLabel("6-digit code").focus();
    await page.keyboard.type(code);
    await page.keyboard.press("Enter");
    await page.getByText("Signing in person at Demo Equipment Co.").waitFor();
    await page.getByRole("heading", { name: "Before you sign: electronic records and signatures" }).waitFor();
    await expectNoAxeViolations(page);
    await consentByKeyboard(page);
    await page.getByRole("button", { name: "Adopt this signature" }).click();
    await page.getByRole("button", { name: "Sign Equipment finance agreement" }).click();
    await page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: "Equipment finance agreement" }) })
      .getByRole("status")
      .filter({ hasText: "Signed on" })
      .waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Finish and hand back" }).click();
    await page.waitForURL(`${server.url}/portal/deals/${inPerson.dealId}`);
    await page.close();
  });
});
