import { describe, expect, it } from "vitest";

// Forms that are not prerendered (portal, back office, dialogs) are checked here: the same
// primitive has to render all of them (tests/e2e/prerendered-forms.test.ts checks the HTML).
const sources = import.meta.glob<string>(["../../**/*.tsx", "!./form.tsx"], {
  query: "?raw",
  import: "default",
  eager: true,
});

describe("forms in app/", () => {
  it("are all rendered by <Form> (components/ui/form.tsx), which posts and waits for hydration", () => {
    expect(Object.keys(sources).length).toBeGreaterThan(30);
    const raw = Object.entries(sources)
      .filter(([, source]) => /<form[\s>]/.test(source))
      .map(([file]) => file);
    expect(raw).toEqual([]);
  });
});
