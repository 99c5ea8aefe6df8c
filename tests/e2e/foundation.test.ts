import { createHash } from "node:crypto";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInMessages } from "../../domain/auth/sign-in-schema.ts";
import { passwordLinkIn } from "../support/password-link.ts";
import { expectNoAxeViolations, launchBrowser, viewports, type Browser } from "./support/browser.ts";
import { demoPasswords, startE2eServer, unverifiedVendor, type E2eServer } from "./support/e2e-server.ts";
import { signInThroughUi as signIn, submitSignInForm } from "./support/sign-in.ts";

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

const signInThroughUi = (page: Page, email: string, password: string) => signIn(page, server.url, email, password);

describe("served pages", () => {
  it("serves each prerendered page with its own title and description without JavaScript", async () => {
    const home = await (await fetch(`${server.url}/`)).text();
    expect(home).toContain("<title>Keystone Equipment Capital - Equipment Financing and Working Capital</title>");
    expect(home).toMatch(/<meta name="description" content="Equipment financing and leasing/);
    const login = await (await fetch(`${server.url}/VendorLogin`)).text();
    expect(login).toContain("<title>VendorLogin - Keystone Equipment Capital</title>");
    expect(login).toContain("Vendor Login");
  });

  it("sends pages the API's security headers, with a script-src that allows exactly the page's own inline scripts", async () => {
    const page = await fetch(`${server.url}/About`);
    const api = await fetch(`${server.url}/api/health`);
    for (const header of [
      "x-content-type-options",
      "x-frame-options",
      "referrer-policy",
      "cross-origin-opener-policy",
      "permissions-policy",
    ]) {
      expect(page.headers.get(header), header).toBe(api.headers.get(header));
    }
    const html = await page.text();
    const inlineScripts = [
      ...html.matchAll(/<script(?![^>]*\b(?:src=|type="application\/json"))[^>]*>([\s\S]*?)<\/script>/g),
    ].map((match) => match[1]!);
    const hashes = new Set(
      inlineScripts.map((script) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`),
    );
    const scriptSrc = (response: Response) =>
      /script-src ([^;]*)/.exec(response.headers.get("content-security-policy")!)![1]!.split(" ");
    expect(scriptSrc(page).sort()).toEqual(["'self'", ...hashes].sort());
    expect(scriptSrc(api)).toEqual(["'self'"]);
    const otherDirectives = (response: Response) =>
      response.headers.get("content-security-policy")!.replace(/script-src [^;]*/, "");
    expect(otherDirectives(page)).toBe(otherDirectives(api));
  });

  it("redirects other casings permanently and answers unknown paths with a real 404 page", async () => {
    const redirect = await fetch(`${server.url}/vendorlogin`, { redirect: "manual" });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get("location")).toBe("/VendorLogin");
    const missing = await fetch(`${server.url}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Page not found");
  });

  it("answers a form posted to a page (sent before its script ran) with 405, never a page that takes it", async () => {
    for (const pagePath of ["/ApplyNow", "/", "/vendor_partner/Apronto_Dental", "/portal", "/no-such-page"]) {
      const posted = await fetch(`${server.url}${pagePath}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "ssn=531-86-4207&email=a%40b.example",
      });
      expect(posted.status, pagePath).toBe(405);
      expect(posted.headers.get("allow")).toBe("GET, HEAD");
      expect(await posted.text()).toContain("what you typed is still there");
    }
    expect(server.output()).not.toContain("531-86-4207");
  });

  it("paints prerendered pages before their modules load, then fetches each module once", async () => {
    const html = await (await fetch(`${server.url}/GetQualified`)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toContain('rel="stylesheet"');
    expect(head).not.toContain('rel="modulepreload"');
    const modules = /data-modules="([^"]+)"/.exec(html)![1]!.split(" ");
    const page = await browser.newPage();
    await page.goto(`${server.url}/GetQualified`);
    await page.locator("header[data-hydrated]").waitFor();
    const fetched = await page.evaluate(() =>
      performance.getEntriesByType("resource").map((entry) => new URL(entry.name).pathname),
    );
    for (const module of modules)
      expect(
        fetched.filter((path) => path === module),
        module,
      ).toHaveLength(1);
    await page.close();
    // With the modules blocked React never runs: any preload in the head was added by the page's script.
    const blocked = await browser.newPage();
    await blocked.route("**/assets/*.js", (route) => route.abort());
    await blocked.goto(`${server.url}/GetQualified`);
    await blocked.waitForFunction(
      (count) => document.querySelectorAll('head link[rel="modulepreload"]').length === count,
      modules.length,
    );
    expect(
      await blocked.evaluate(() =>
        [...document.querySelectorAll<HTMLLinkElement>('head link[rel="modulepreload"]')].map(
          (link) => new URL(link.href).pathname,
        ),
      ),
    ).toEqual(modules);
    await blocked.close();
  });

  it("answers pages from memory: the encoding asked for, 304 for a current copy, HEAD without a body, any query", async () => {
    const plain = await fetch(`${server.url}/About?utm_source=mail`, { headers: { "accept-encoding": "identity" } });
    expect(plain.status).toBe(200);
    expect(plain.headers.get("content-encoding")).toBeNull();
    const html = await plain.text();
    expect(html).toContain("<title>About - Keystone Equipment Capital</title>");
    expect(Number(plain.headers.get("content-length"))).toBe(Buffer.byteLength(html));
    for (const encoding of ["br", "gzip"]) {
      const compressed = await fetch(`${server.url}/About`, { headers: { "accept-encoding": encoding } });
      expect(compressed.headers.get("content-encoding")).toBe(encoding);
      expect(await compressed.text()).toBe(html);
    }
    const current = await fetch(`${server.url}/About`, { headers: { "if-none-match": plain.headers.get("etag")! } });
    expect(current.status).toBe(304);
    expect(current.headers.get("content-security-policy")).toBe(plain.headers.get("content-security-policy"));
    const head = await fetch(`${server.url}/About`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    expect((await fetch(`${server.url}/ApplyNow`)).headers.get("cache-control")).toBe("no-store");
  });

  it("serves hashed assets pre-compressed and immutable", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const asset = /(\/assets\/entry\.client-[^" ]+\.js)/.exec(html)![1]!;
    const response = await fetch(`${server.url}${asset}`, { headers: { "accept-encoding": "br" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("cache-control")).toContain("immutable");
  });

  for (const [name, viewport] of Object.entries(viewports)) {
    it(`has no axe violations on the public pages at ${name} width`, async () => {
      const page = await browser.newPage();
      await page.setViewportSize(viewport);
      for (const path of ["/", "/VendorLogin", "/DealerServices", "/no-such-page"]) {
        await page.goto(`${server.url}${path}`);
        await page.getByRole("heading", { level: 1 }).waitFor();
        await expectNoAxeViolations(page);
      }
      await page.close();
    });
  }
});

describe("signing in", () => {
  it("signs the demo vendor in through the form, into the portal, and out again", async () => {
    const page = await browser.newPage();
    await signInThroughUi(page, "Vendor@Demo.Example", demoPasswords.vendor);
    await page.waitForURL(`${server.url}/portal`);
    await page.getByText("Welcome, Demo Vendor.").waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Log Out" }).click();
    await page.waitForURL(`${server.url}/VendorLogin`);
    await page.goto(`${server.url}/portal`);
    await page.waitForURL(`${server.url}/VendorLogin`);
    await page.close();
  });

  it("shows the spec's message for a wrong password and keeps what was typed", async () => {
    const page = await browser.newPage();
    await submitSignInForm(page, server.url, "vendor@demo.example", "wrong-password");
    const form = page.getByRole("form", { name: "Vendor sign-in" });
    await expect.poll(() => form.getByRole("alert").textContent()).toBe(signInMessages.wrongCredentials);
    expect(await form.getByLabel("E-mail").inputValue()).toBe("vendor@demo.example");
    await page.close();
  });

  it("refuses an unverified vendor with the spec's message and mails the invitation again, its token in the fragment", async () => {
    const page = await browser.newPage();
    await submitSignInForm(page, server.url, unverifiedVendor.email, unverifiedVendor.password);
    await expect
      .poll(() => page.getByRole("form", { name: "Vendor sign-in" }).getByRole("alert").textContent())
      .toBe(signInMessages.unverified);
    const mail = await server.smtp.waitFor(
      (m) => m.to.includes(unverifiedVendor.email) && m.subject.startsWith("You are invited"),
    );
    expect(mail.body).not.toContain("verify-email");
    expect(passwordLinkIn(mail.body).link.startsWith(`${server.url}/reset-password#token=`)).toBe(true);
    expect(page.url()).toBe(`${server.url}/VendorLogin`);
    await page.close();
  });

  it("takes the demo admin to the back office, where the outbox lists sent mail", async () => {
    const page = await browser.newPage();
    await signInThroughUi(page, "admin@demo.example", demoPasswords.admin);
    await page.waitForURL(`${server.url}/back-office`);
    await page.getByText("Local demo: two-factor authentication for staff is switched off").waitFor();
    await page.getByRole("link", { name: "Outbox" }).click();
    await page.getByRole("table", { name: "Outbox mails" }).waitFor();
    await expectNoAxeViolations(page);
    await page.close();
  });
});
