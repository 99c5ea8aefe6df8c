import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asLowAs } from "../../domain/pricing/vendor-quote-pricing.ts";
import { formatUsd } from "../../domain/pricing/money-format.ts";
import { yearInTimeZone } from "../../domain/site/business-time.ts";
import { defaultBrand } from "../../domain/site/brand.ts";
import { financingDisclaimer } from "../../domain/deals/deal-changes.ts";
import { widgetScriptPath, widgetSnippet } from "../../domain/site/widget-embed.ts";
import { freePort } from "../support/server-process.ts";
import { launchBrowser, type Browser } from "./support/browser.ts";
import { demoPasswords, startE2eServer, type E2eServer } from "./support/e2e-server.ts";
import { signInThroughUi } from "./support/sign-in.ts";

// docs/product-rules.md#r21-the-payment-widget: the widget on a dealer's page served from another origin (another port)
// with
// a strict Content-Security-Policy. launchBrowser fails the test on any console error, CSP
// violations ("Refused to ...") included. And on a plain product page with the portal's
// snippet and a slow script, nothing moves and the disclosure is readable in full at every width.

const vendorSlug = "demo-equipment-co";
let server: E2eServer;
let browser: Browser;
let host: Server;
let hostUrl = "";

const hostPage = (site: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Dealer product page</title></head>
<body>
<h1>Compact excavator</h1>
<p>Price: $45,000</p>
<kec-payment id="top" price="45000" vendor="${vendorSlug}"></kec-payment>
<p id="after-top">Call us for a demo.</p>
${Array.from({ length: 150 }, (_, index) => `<p>Specification line ${index + 1}</p>`).join("\n")}
<kec-payment id="below" price="18500" vendor="${vendorSlug}"></kec-payment>
<kec-payment id="broken" price="abc" vendor="${vendorSlug}"></kec-payment>
<script src="${site}/widget.js" async></script>
</body></html>`;

/** A plain product page (no CSP) with the snippet exactly as the portal gives it, and text under it. */
const productPage = (site: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Dealer product page</title></head>
<body>
<h1>Compact excavator</h1>
<p>Price: $45,000</p>
${widgetSnippet(site, vendorSlug, "45000").replace("<kec-payment ", '<kec-payment id="product" ')}
<p id="under">Call us for a demo. Delivery within two weeks anywhere in the Central Valley.</p>
</body></html>`;

beforeAll(async () => {
  server = await startE2eServer();
  browser = await launchBrowser();
  const port = await freePort();
  hostUrl = `http://127.0.0.1:${port}`;
  const site = server.url;
  host = createServer((request, response) => {
    if (request.url === "/plain") {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      response.end(productPage(site));
      return;
    }
    response.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": `default-src 'none'; script-src ${site}; connect-src ${site}; style-src 'none'; img-src 'none'; base-uri 'none'; form-action 'none'`,
    });
    response.end(hostPage(site));
  });
  await new Promise<void>((resolve) => host.listen(port, "127.0.0.1", resolve));

  // Until every vendor company has its calculator (the vendor-links branch), the demo vendor gets one as a partner.
  const adminBrowser = await launchBrowser();
  const admin = await adminBrowser.newPage();
  await signInThroughUi(admin, server.url, "admin@demo.example", demoPasswords.admin);
  await admin.waitForURL(`${server.url}/back-office`);
  const created = await admin.request.post(`${server.url}/api/back-office/partners`, {
    headers: { origin: server.url, "content-type": "application/json" },
    data: {
      slug: vendorSlug,
      name: "Demo Equipment Co.",
      primaryColor: "#0f766e",
      accentColor: "#f28c28",
      vendorName: "Demo Equipment",
      salesPerson: "Dana Demo",
      vendorPhone: "(559) 555-0110",
    },
  });
  expect(created.status()).toBe(201);
  await adminBrowser.close();
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => host?.close(resolve));
  await server?.stop();
});

describe("the payment widget on another site", () => {
  it("is small, cacheable and loadable from another origin", async () => {
    const response = await fetch(`${server.url}/widget.js`, { headers: { "accept-encoding": "gzip" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("shows the calculator's lowest payment under a strict CSP, lazily, in a fixed box, and opens the pre-filled calculator", async () => {
    const { context } = browser;
    const page = await browser.newPage();
    const paymentRequests: { url: string; cookie: string | undefined }[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/widget/payment"))
        paymentRequests.push({ url: request.url(), cookie: request.headers().cookie });
    });
    await page.goto(hostUrl);

    const top = page.locator("#top");
    await page.waitForFunction(() => document.getElementById("top")?.getAttribute("data-state") === "ready");
    const expected = asLowAs(45_000, yearInTimeZone(new Date(), defaultBrand.timeZone));
    await top.getByText(`As low as ${formatUsd(expected.payment)}/mo`).waitFor();
    await top.getByText(financingDisclaimer, { exact: false }).waitFor();
    await top.getByText(/Estimated, 60 months/).waitFor();

    // Lazy: the widget below the fold has not asked yet; its box is already the final size.
    expect(paymentRequests.map((request) => new URL(request.url).searchParams.get("price"))).toEqual(["45000"]);
    const below = page.locator("#below");
    const reserved = await below.boundingBox();
    const shown = await top.boundingBox();
    expect(reserved!.height).toBe(shown!.height);
    expect(reserved!.width).toBe(shown!.width);
    expect(shown!.height).toBeGreaterThan(40);
    await below.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.getElementById("below")?.getAttribute("data-state") === "ready");
    expect(await below.boundingBox().then((box) => box!.height)).toBe(reserved!.height);
    await page.waitForFunction(() => document.getElementById("broken")?.getAttribute("data-state") === "unavailable");

    // No cookies: none sent, none set, on either site.
    expect(paymentRequests.every((request) => request.cookie === undefined)).toBe(true);
    expect(await context.cookies()).toEqual([]);

    const link = top.getByRole("link");
    expect(await link.getAttribute("href")).toBe(`${server.url}/vendor_partner/${vendorSlug}?price=45000`);
    expect(await link.getAttribute("target")).toBe("_blank");
    const [calculator] = await Promise.all([context.waitForEvent("page"), link.click()]);
    await calculator.waitForLoadState();
    const priceField = calculator.getByLabel("Price of equipment");
    await calculator.waitForFunction(() =>
      [...document.querySelectorAll("input")].some((input) => input.value === "45,000.00"),
    );
    expect(await priceField.inputValue()).toBe("45,000.00");
  });

  it("reserves its box before a slow script loads: no layout shift, and the whole disclosure wraps into view from 280 px up", async () => {
    const expected = asLowAs(45_000, yearInTimeZone(new Date(), defaultBrand.timeZone));
    for (const width of [280, 320, 390, 768, 1280]) {
      const page = await browser.newPage();
      await page.setViewportSize({ width, height: 800 });
      await page.route(`${server.url}${widgetScriptPath}`, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        await route.continue();
      });
      await page.addInitScript(() => {
        const state = {
          shifts: [] as number[],
          before: null as null | { widget: DOMRect; under: DOMRect; defined: boolean },
        };
        Object.assign(window, { layoutState: state });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            state.shifts.push((entry as PerformanceEntry & { value: number }).value);
        }).observe({ type: "layout-shift", buffered: true });
        document.addEventListener("DOMContentLoaded", () => {
          const widget = document.getElementById("product")!;
          state.before = {
            widget: widget.getBoundingClientRect(),
            under: document.getElementById("under")!.getBoundingClientRect(),
            defined: customElements.get("kec-payment") !== undefined,
          };
        });
      });
      await page.goto(`${hostUrl}/plain`);
      await page.waitForFunction(
        () => document.getElementById("product")?.getAttribute("data-state") === "ready",
        undefined,
        { timeout: 10_000 },
      );
      // Layout shifts are reported after the frame that painted them.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const measured = await page.evaluate(() => {
        const widget = document.getElementById("product")!;
        const root = widget.shadowRoot!;
        const link = root.querySelector("a")!;
        const note = root.querySelector<HTMLElement>(".note")!;
        const { shifts, before } = (
          window as unknown as {
            layoutState: { shifts: number[]; before: { widget: DOMRect; under: DOMRect; defined: boolean } };
          }
        ).layoutState;
        const box = (rect: DOMRect) => ({ x: rect.x, y: rect.y, width: rect.width, height: rect.height });
        return {
          shifts,
          definedBeforeScript: before.defined,
          reserved: box(before.widget),
          final: box(widget.getBoundingClientRect()),
          underBefore: before.under.y,
          underAfter: document.getElementById("under")!.getBoundingClientRect().y,
          note: note.innerText,
          noteOverflows: note.scrollWidth > note.clientWidth,
          linkOverflows: link.scrollWidth > link.clientWidth || link.scrollHeight > link.clientHeight,
          ellipsis: [link, note, root.querySelector(".amount")!].some(
            (element) => getComputedStyle(element).textOverflow === "ellipsis",
          ),
          amount: root.querySelector<HTMLElement>(".amount")!.innerText,
        };
      });
      expect(measured.definedBeforeScript, `${width}px: measured before the script ran`).toBe(false);
      expect(measured.reserved.width, `${width}px: a box is reserved`).toBeGreaterThan(200);
      expect(measured.final, `${width}px: the box keeps its reserved size and place`).toEqual(measured.reserved);
      expect(measured.underAfter, `${width}px: the text under the widget does not move`).toBe(measured.underBefore);
      expect(measured.shifts, `${width}px: layout shifts`).toEqual([]);
      expect(measured.amount).toBe(`As low as ${formatUsd(expected.payment)}/mo`);
      expect(measured.note, `${width}px: the disclosure in full`).toBe(
        `Estimated, ${expected.term} months. ${financingDisclaimer}`,
      );
      expect(
        { noteOverflows: measured.noteOverflows, linkOverflows: measured.linkOverflows, ellipsis: measured.ellipsis },
        `${width}px: nothing cut`,
      ).toEqual({
        noteOverflows: false,
        linkOverflows: false,
        ellipsis: false,
      });
      await page.close();
    }
  });
});
