import { describe, expect, it } from "vitest";
import { pageText, readPdf } from "../../../tests/support/pdf-text.ts";
import { layOutPdfDocument, writePdfDocument } from "./write-document.ts";

const sentence =
  "Equipment financing moves at the pace of the business it serves, and every paragraph here is long enough to wrap.";

describe("writePdfDocument", () => {
  it("writes US Letter pages with the title and author in the metadata", async () => {
    const bytes = await writePdfDocument({
      title: "Quote for Lakeside Auto Body",
      author: "Keystone Equipment Capital",
      blocks: [{ kind: "title", text: "Your quote" }],
    });
    const { doc, pages } = await readPdf(bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getPage(0).getSize()).toEqual({ width: 612, height: 792 });
    expect(doc.getTitle()).toBe("Quote for Lakeside Auto Body");
    expect(doc.getAuthor()).toBe("Keystone Equipment Capital");
    expect(pages[0]).toContain("Your quote");
    expect(pages[0]).toContain("Page 1 of 1");
  });

  it("shows headings, tables and small print, and the disclaimer", async () => {
    const bytes = await writePdfDocument({
      title: "Quote",
      accentColor: "#b45309",
      blocks: [
        { kind: "heading", text: "Estimated monthly payments" },
        {
          kind: "table",
          columns: ["Term", "Monthly payment"],
          rows: [
            ["24 months", "$1,120.00"],
            ["36 months", "$790.00"],
          ],
        },
        { kind: "small-print", text: "Financing dependent on credit parameters." },
      ],
    });
    const [text] = (await readPdf(bytes)).pages;
    for (const expected of [
      "Estimated monthly payments",
      "Term",
      "Monthly payment",
      "24 months",
      "$1,120.00",
      "36 months",
      "$790.00",
      "Financing dependent on credit parameters.",
    ])
      expect(text).toContain(expected);
  });

  it("wraps long paragraphs to the page width and goes on to new pages, numbered in the footer", async () => {
    // Two lines and a gap each (34 pt) in 672 pt of page: 19 paragraphs a page.
    const paragraphs = Array.from({ length: 45 }, (_, index) => ({
      kind: "paragraph" as const,
      text: `${index + 1}. ${sentence}`,
    }));
    const { doc, pages } = await readPdf(await writePdfDocument({ title: "Long letter", blocks: paragraphs }));
    expect(doc.getPageCount()).toBe(3);
    for (const page of doc.getPages()) expect(page.getSize()).toEqual({ width: 612, height: 792 });
    expect(pages[0]).toContain("Page 1 of 3");
    expect(pages[2]).toContain("Page 3 of 3");
    expect(pages[1]).toContain("Long letter"); // the running header after the first page
    const all = pages.join(" ");
    for (let index = 1; index <= 45; index += 1) expect(all).toContain(`${index}. Equipment financing`);
    // Each paragraph is wrapped onto two lines.
    const [first, second] = pageText(doc.getPage(0));
    expect(first).not.toBe(`1. ${sentence}`);
    expect(`${first} ${second}`).toBe(`1. ${sentence}`);
  });

  it("repeats a table's header on the page it continues on", async () => {
    // 22 pt a row: 29 rows and the header a page.
    const rows = Array.from({ length: 40 }, (_, index) => [`Row ${index + 1}`, "value"]);
    const { doc, pages } = await readPdf(
      await writePdfDocument({ title: "Table", blocks: [{ kind: "table", columns: ["Label", "Value"], rows }] }),
    );
    expect(doc.getPageCount()).toBe(2);
    expect(pages[1]).toMatch(/^Table Label Value Row \d+/);
    expect(pages.join(" ")).toContain("Row 40");
  });

  it("shows characters Helvetica cannot encode as ? instead of failing", async () => {
    const { pages } = await readPdf(
      await writePdfDocument({ title: "Café — 東京", blocks: [{ kind: "paragraph", text: "Café · 東京 — ok" }] }),
    );
    expect(pages[0]).toContain("Café · ?? — ok");
  });

  it("tells what it drew, page by page in drawing order, and where its fields are", async () => {
    const rows = Array.from({ length: 40 }, (_, index) => [
      `Row ${index + 1}`,
      "a value long enough to wrap ".repeat(3),
    ]);
    const layout = await layOutPdfDocument({
      title: "Layout",
      blocks: [
        { kind: "title", text: "Layout" },
        { kind: "table", columns: ["Label", "Value"], rows },
        {
          kind: "fields",
          caption: "SIGNED BY",
          rows: [
            [
              { id: "sign", label: "Signature", height: 36, weight: 2 },
              { id: "when", label: "Date" },
            ],
            [{ id: "role", label: "Role", value: "Owner" }],
          ],
        },
      ],
      pageFields: [{ id: "initials", label: "Initials", width: 70, height: 22 }],
      infoEntries: { RecordId: "doc-1" },
    });
    const { doc } = await readPdf(layout.bytes);
    expect(layout.pages.map((page) => page.lines.flatMap((line) => line.cells).join(" "))).toEqual(
      doc.getPages().map((page) => pageText(page).join(" ")),
    );
    expect(layout.pages[1]!.lines[0]).toEqual({ style: "small", cells: ["Layout"] }); // the running header
    expect(layout.pages[1]!.lines[1]).toEqual({ style: "table-header", cells: ["Label", "Value"] });
    expect(layout.pages[0]!.lines).toContainEqual({
      style: "table-row",
      cells: ["Row 1", "a value long enough to wrap a value long enough to wrap a value long enough to wrap"],
    });
    const last = layout.pages.length;
    expect(layout.fields.filter((field) => !field.id.startsWith("initials"))).toEqual([
      { id: "sign", page: last, x: 60, y: expect.any(Number), width: 312, height: 36 },
      { id: "when", page: last, x: 396, y: expect.any(Number), width: 156, height: 22 },
    ]);
    expect(layout.pages.at(-1)!.lines.map((line) => line.cells[0])).toEqual(
      expect.arrayContaining(["SIGNED BY", "Signature", "Date", "Owner", "Role", "Initials"]),
    );
    expect(layout.fields.filter((field) => field.id.startsWith("initials")).map((field) => field.page)).toEqual(
      layout.pages.map((page) => page.number),
    );
    expect(layout.bytes.toString("latin1")).toContain("/RecordId (doc-1)");
    await expect(layOutPdfDocument({ title: "x", blocks: [], infoEntries: { RecordId: "(a) b" } })).rejects.toThrow(
      "RecordId",
    );
  });
});
