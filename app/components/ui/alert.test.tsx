import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Alert } from "./alert.tsx";

const sources = import.meta.glob<string>(["../../**/*.tsx", "!../../components/ui/**"], {
  query: "?raw",
  import: "default",
  eager: true,
});

describe("Alert", () => {
  it("interrupts for an error and is polite otherwise", () => {
    expect(renderToStaticMarkup(<Alert>Wrong.</Alert>)).toMatch(
      /^<p role="alert" class="[^"]*bg-red-50[^"]*">Wrong\.<\/p>$/,
    );
    expect(renderToStaticMarkup(<Alert tone="success">Saved.</Alert>)).toMatch(
      /^<p role="status" class="[^"]*bg-green-50/,
    );
  });

  it("as a live region, is in the page while empty, without its box or classes", () => {
    expect(
      renderToStaticMarkup(
        <Alert live tabIndex={-1} id="problem" className="mt-4">
          {null}
        </Alert>,
      ),
    ).toBe('<p id="problem" tabindex="-1" role="alert"></p>');
    expect(
      renderToStaticMarkup(
        <Alert live className="mt-4">
          Please choose a term.
        </Alert>,
      ),
    ).toMatch(/class="[^"]*bg-red-50[^"]* mt-4"/);
  });

  it("inline, is a line of text in the tone's colour", () => {
    expect(
      renderToStaticMarkup(
        <Alert inline className="font-medium">
          Wrong.
        </Alert>,
      ),
    ).toBe('<p role="alert" class="text-red-800 font-medium">Wrong.</p>');
  });

  it("is how app/ says something went wrong (no hand-written role=alert outside components/ui)", () => {
    expect(Object.keys(sources).length).toBeGreaterThan(30);
    expect(
      Object.entries(sources)
        .filter(([, source]) => source.includes('role="alert"'))
        .map(([file]) => file),
    ).toEqual([]);
  });
});
