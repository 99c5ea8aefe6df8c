import { describe, expect, it } from "vitest";
import { deferModulePreloads } from "./defer-module-preloads.ts";

const page = `<html><head><link rel="modulepreload" href="/assets/a.js"/><link rel="modulepreload" href="/assets/b.js"/><link rel="stylesheet" href="/assets/root.css"/></head><body><main>Hi</main><script type="module">import "/assets/a.js";</script></body></html>`;

describe("deferModulePreloads", () => {
  it("takes the module preloads out of the head and adds them back after the first frame, in order", () => {
    const html = deferModulePreloads(page);
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain('<link rel="stylesheet" href="/assets/root.css"/></head>');
    expect(html).toMatch(/<script data-modules="\/assets\/a\.js \/assets\/b\.js">\{.*requestAnimationFrame\(.*<\/script><\/body>/);
    expect(html).toContain('<script type="module">import "/assets/a.js";</script>');
  });

  it("writes the same script text whatever the modules, so its CSP hash is the same on every page", () => {
    const other = deferModulePreloads(page.replace("/assets/b.js", "/assets/c.js"));
    const scriptText = (html: string) => html.match(/<script data-modules="[^"]*">([^<]*)<\/script>/)?.[1];
    expect(scriptText(other)).toBe(scriptText(deferModulePreloads(page)));
  });

  it("leaves a page without module preloads alone", () => {
    const html = "<html><head></head><body>Hi</body></html>";
    expect(deferModulePreloads(html)).toBe(html);
  });
});
