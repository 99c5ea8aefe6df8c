import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { widgetBoxStyle } from "../../domain/site/widget-embed.ts";
import { bundleWidget, gzipBytes, widgetGzipBudgetBytes } from "./widget-bundle.ts";

describe("the dealer widget (public/widget.js)", () => {
  it(`stays within its budget of ${widgetGzipBudgetBytes} bytes gzip`, async () => {
    const code = await bundleWidget();
    expect(gzipBytes(code)).toBeLessThanOrEqual(widgetGzipBudgetBytes);
  });

  it("sets no cookie, stores nothing and sends no credentials", async () => {
    const code = await bundleWidget();
    expect(code).not.toMatch(/document\.cookie|localStorage|sessionStorage|indexedDB/);
    expect(code).toContain('credentials:"omit"');
    // No inline style the host's CSP would refuse: styles go through a constructed stylesheet.
    expect(code).not.toMatch(/setAttribute\("style"|\.innerHTML|<style/);
    expect(code).toContain("replaceSync");
  });

  it("is shown on the demo page as the portal's snippet gives it: each element reserves its box", async () => {
    const demo = await readFile(new URL("../../public/widget-demo.html", import.meta.url), "utf8");
    const elements = demo.match(/<kec-payment\s[^>]*>/g) ?? [];
    expect(elements.length).toBeGreaterThan(0);
    for (const element of elements) expect(element.replace(/\s+/g, "")).toContain(`style="${widgetBoxStyle}"`);
  });
});
