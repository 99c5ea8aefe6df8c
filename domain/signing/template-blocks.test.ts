import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defaultAgreementTemplates } from "./default-templates.ts";
import { templateBlocks } from "./template-blocks.ts";

describe("templateBlocks", () => {
  it("reads headings and paragraphs: a blank line between paragraphs, a heading on its own line", () => {
    expect(
      templateBlocks("Opening words,\r\nsecond line.\n\n## 1. Terms\nFirst term.\n \t\n##    \n\nLast.\n\n\n"),
    ).toEqual([
      { kind: "paragraph", text: "Opening words,\nsecond line." },
      { kind: "heading", text: "1. Terms" },
      { kind: "paragraph", text: "First term." },
      { kind: "paragraph", text: "Last." },
    ]);
    expect(templateBlocks("")).toEqual([]);
  });

  it("keeps every word of the built-in texts, with their headings", () => {
    const { body } = defaultAgreementTemplates["equipment-finance-agreement"];
    const blocks = templateBlocks(body);
    expect(blocks.filter((block) => block.kind === "heading").map((block) => block.text)).toContain("2. Payments");
    const words = (text: string) => text.replace(/^## /gm, "").split(/\s+/).filter(Boolean);
    expect(blocks.flatMap((block) => words(block.text))).toEqual(words(body));
  });

  it("never yields an empty block, whatever is typed", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("a", " ", "\n", "#", "\r", "\t") }), (body) =>
        templateBlocks(body).every((block) => block.text.trim() !== ""),
      ),
    );
  });
});
