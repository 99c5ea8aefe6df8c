import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asLowAs } from "../../domain/pricing/vendor-quote-pricing.ts";
import { formatUsd } from "../../domain/pricing/money-format.ts";
import { yearInTimeZone } from "../../domain/site/business-time.ts";
import { defaultBrand } from "../../domain/site/brand.ts";
import { financingDisclaimer } from "../../domain/deals/deal-changes.ts";
import { freePort } from "../support/server-process.ts";
import { launchBrowser, type Browser } from "./support/browser.ts";
import { demoPasswords, startE2eServer, type E2eServer } from "./support/e2e-server.ts";
import { signInThroughUi } from "./support/sign-in.ts";

// Issue 18, part 4: the widget on a dealer's page served from another origin (another port) with
// a strict Content-Security-Policy. launchBrowser fails the test on any console error, CSP
// violations ("Refused to ...") included.

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

beforeAll(async () => {
  server = await startE2eServer();
  browser = await launchBrowser();
  const port = await freePort();
  hostUrl = `http://127.0.0.1:${port}`;
  const site = server.url;
  host = createServer((_request, response) => {
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
    data: { slug: vendorSlug, name: "Demo Equipment Co.", primaryColor: "#0f766e", accentColor: "#f28c28", vendorName: "Demo Equipment", salesPerson: "Dana Demo", vendorPhone: "(559) 555-0110" },
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
      if (request.url().includes("/api/widget/payment")) paymentRequests.push({ url: request.url(), cookie: request.headers().cookie });
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
    await calculator.waitForFunction(() => [...document.querySelectorAll("input")].some((input) => input.value === "45,000.00"));
    expect(await priceField.inputValue()).toBe("45,000.00");
  });
});
