import type { Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formLoadingHint } from "../../domain/forms/form-loading-hint.ts";
import { defaultBrand } from "../../domain/site/brand.ts";
import { expectNoAxeViolations, launchBrowser, viewports, type Browser } from "./support/browser.ts";
import { demoPasswords, startE2eServer, type E2eServer } from "./support/e2e-server.ts";

// A slow phone or a blocked script: the prerendered form is on screen, React is not. Whatever the
// visitor does, no field may reach a URL (address bar, history, proxy logs), and nothing typed is lost.

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

type FormCase = { path: string; form: string; submit: string; fields: [selector: string, value: string][] };

const email = "nina.park@harbor.example";
const cases: FormCase[] = [
  {
    path: "/ApplyNow",
    form: "Credit application",
    submit: "Review application",
    fields: [
      ['[name="BusinessName"]', "Harbor Bakery"],
      ['[name="FedId"]', "12-3456789"],
      ['[name="contactName"]', "Nina Park"],
      ['[name="ssn"]', "123-45-6789"],
      ['[name="homeEmail"]', email],
    ],
  },
  {
    path: "/",
    form: "Pre-qualification questionnaire",
    submit: "Next",
    fields: [['[name="nameOfOwner"]', "Nina Park"]],
  },
  {
    path: "/About",
    form: "Contact us",
    submit: "Send message",
    fields: [
      ['[name="subjectUser"]', "Two ovens please"],
      ['[name="nameUser"]', "Nina Park"],
      ['[name="emailUser"]', email],
    ],
  },
  {
    path: "/GetQualified",
    form: "Equipment price",
    submit: "Begin",
    fields: [['input[inputmode="decimal"]', "48213"]],
  },
  {
    path: "/vendor_partner/Apronto_Dental",
    form: "Equipment price",
    submit: "Begin",
    fields: [['input[inputmode="decimal"]', "48213"]],
  },
  {
    path: "/VendorLogin",
    form: "Vendor sign-in",
    submit: "SUBMIT",
    fields: [
      ['[name="email"]', email],
      ['[name="password"]', "Secret-Password-42"],
    ],
  },
  {
    path: "/ClientLogin",
    form: "Client sign-in",
    submit: "Sign in",
    fields: [
      ['[name="email"]', email],
      ['[name="password"]', "Secret42"],
    ],
  },
];

/** Every URL the page asks for, decoded as a query string would be. */
function watchRequests(page: Page) {
  const urls: string[] = [];
  let navigations = 0;
  page.on("request", (request) => {
    urls.push(decodeURIComponent(request.url().replaceAll("+", " ")));
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) navigations += 1;
  });
  return { urls, navigations: () => navigations };
}

describe("a form used before its page's script has run", () => {
  for (const formCase of cases) {
    it(`${formCase.path}: "${formCase.form}" keeps what was typed and puts none of it in a URL, on Enter or a click`, async () => {
      const page = await browser.newPage();
      await page.setViewportSize(viewports.phone);
      await page.route("**/*.js", (route) => route.abort());
      const requests = watchRequests(page);
      await page.goto(`${server.url}${formCase.path}`);
      const form = page.getByRole("form", { name: formCase.form }).first();

      const expectNothingSent = async (after: string) => {
        await page.waitForTimeout(400);
        await page.waitForLoadState("load");
        expect(page.url(), `address after ${after}`).toBe(`${server.url}${formCase.path}`);
        expect(requests.navigations(), `navigations after ${after}`).toBe(1);
        for (const [selector, value] of formCase.fields) {
          expect(
            requests.urls.filter((url) => url.includes(value)),
            `requests carrying ${value}`,
          ).toEqual([]);
          expect(await form.locator(selector).inputValue(), `${selector} after ${after}`).toBe(value);
        }
      };

      // Last field typed is a one-line input: Enter there submits the form in a plain browser.
      for (const [selector, value] of formCase.fields) await form.locator(selector).pressSequentially(value);
      await page.keyboard.press("Enter");
      await expectNothingSent("Enter");
      const submit = form.getByRole("button", { name: formCase.submit });
      expect(await submit.isDisabled(), "submit button before hydration").toBe(true);
      await submit.click({ force: true });
      await expectNothingSent("a click on the submit button");

      // The visitor is told why nothing happens (and whom to call if it stays that way).
      const hint = await form.evaluate((element) => {
        const style = getComputedStyle(element, "::after");
        return [style.display, style.content];
      });
      expect(hint).toEqual(["block", JSON.stringify(formLoadingHint(defaultBrand.phone))]);
      expect(await submit.getAttribute("aria-describedby")).toBeTruthy();
      await page.close();
    });
  }

  it("what was typed before the script ran is what the hydrated form submits: the vendor signs in", async () => {
    const page = await browser.newPage();
    const held: Route[] = [];
    let released = false;
    await page.route("**/*.js", (route) => (released ? route.continue() : void held.push(route)));
    // Held scripts hold the load event (and DOMContentLoaded): the page is on screen at commit.
    await page.goto(`${server.url}/VendorLogin`, { waitUntil: "commit" });
    const form = page.getByRole("form", { name: "Vendor sign-in" });
    await form.getByLabel("E-mail").pressSequentially("vendor@demo.example");
    await form.getByLabel("Password", { exact: true }).pressSequentially(demoPasswords.vendor);
    released = true;
    for (const route of held) await route.continue();
    await page.locator("header[data-hydrated]").waitFor();
    await form.getByRole("button", { name: "SUBMIT" }).click();
    await page.waitForURL(`${server.url}/portal`);
    await page.close();
  });

  it("has no axe violations while a form waits for its script, hint shown", async () => {
    const page = await browser.newPage();
    await page.route("**/*.js", (route) => route.abort());
    await page.goto(`${server.url}/ApplyNow`);
    await page.locator('[name="BusinessName"]').pressSequentially("Harbor Bakery");
    await expectNoAxeViolations(page);
    await page.close();
  });
});
