import { PDFDict, PDFName, PDFString } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { defaultAgreementTemplates } from "#domain/signing/default-templates.ts";
import { fillTemplate, mergeValues } from "#domain/signing/merge-fields.ts";
import { agreementDocumentKinds, type AgreementDocumentKind } from "#domain/signing/package-shapes.ts";
import { samplePackageFacts } from "#domain/signing/sample-package-facts.ts";
import { pageText, readPdf } from "../../tests/support/pdf-text.ts";
import { bodyBlocks, renderAgreementDocument } from "./render-agreement-document.ts";

const documentId = "0b8f7c1e-7d3a-4c55-9a1e-3f2a1b7c9d10";
const createdAt = new Date("2026-11-27T15:00:00Z");
const facts = { ...samplePackageFacts, guarantor: { name: "Morgan T. Lee", email: "morgan@x.example" } };

const render = (kind: AgreementDocumentKind, overrides: Partial<typeof facts> = {}) => {
  const template = defaultAgreementTemplates[kind];
  const documentFacts = { ...facts, ...overrides };
  return renderAgreementDocument({
    kind,
    title: template.title,
    body: fillTemplate(template.body, mergeValues(documentFacts)),
    facts: documentFacts,
    documentId,
    createdAt,
  });
};

describe("bodyBlocks", () => {
  it("reads paragraphs separated by blank lines and ## headings, keeping a paragraph's line breaks", () => {
    expect(bodyBlocks("## One\n\nFirst paragraph\nsecond line.\n\n \n## Two\nRight under it.\r\n\r\nLast.")).toEqual([
      { kind: "heading", text: "One" },
      { kind: "paragraph", text: "First paragraph\nsecond line." },
      { kind: "heading", text: "Two" },
      { kind: "paragraph", text: "Right under it." },
      { kind: "paragraph", text: "Last." },
    ]);
    expect(bodyBlocks("")).toEqual([]);
  });
});

describe("renderAgreementDocument", () => {
  it.each(agreementDocumentKinds)(
    "%s: US Letter pages in the lender's brand, the text of `pages` exactly what each page shows, fields inside the pages",
    async (kind) => {
      const rendered = await render(kind);
      const { doc } = await readPdf(rendered.pdf);
      expect(doc.getPageCount()).toBe(rendered.pages.length);
      expect(rendered.pages.map((page) => page.number)).toEqual(rendered.pages.map((_, index) => index + 1));
      for (const [index, page] of doc.getPages().entries()) {
        expect(page.getSize()).toEqual({ width: 612, height: 792 });
        const lines = rendered.pages[index]!.lines;
        expect(lines.length).toBeGreaterThan(5);
        // What the PDF draws, string by string, is what the ceremony shows, line by line.
        expect(lines.flatMap((line) => line.cells).join(" ")).toBe(pageText(page).join(" "));
        for (const line of lines) expect(line.cells.join("").trim()).not.toBe("");
        // The header and footer of every page: the lender, the account, the title and the page number.
        expect(lines[0]).toEqual({ style: "small", cells: ["Keystone Equipment Capital"] });
        expect(lines[1]).toEqual({ style: "small", cells: ["Account KEC-24117"] });
        expect(lines.at(-1)).toEqual({ style: "small", cells: [`Page ${index + 1} of ${rendered.pages.length}`] });
        expect(lines).toContainEqual({ style: "small", cells: [defaultAgreementTemplates[kind].title] });
      }
      const first = rendered.pages[0]!.lines;
      expect(first[2]).toEqual({ style: "title", cells: [defaultAgreementTemplates[kind].title] });
      expect(first).toContainEqual({ style: "heading", cells: ["Summary of terms"] });
      expect(first.some((line) => line.style === "table-row")).toBe(true);

      for (const field of rendered.fields) {
        const size = doc.getPage(field.page - 1).getSize();
        expect(field.x).toBeGreaterThanOrEqual(0);
        expect(field.y).toBeGreaterThanOrEqual(0);
        expect(field.x + field.width).toBeLessThanOrEqual(size.width);
        expect(field.y + field.height).toBeLessThanOrEqual(size.height);
      }
      const last = rendered.pages.length;
      const byId = new Map(rendered.fields.map((field) => [field.id, field]));
      expect(byId.get("signature")).toMatchObject({ kind: "signature", page: last, height: 36 });
      expect(byId.get("date")).toMatchObject({ kind: "date", page: last });
      expect(byId.get("name")).toMatchObject({ kind: "name", page: last });
      // Fields do not overlap.
      for (const a of rendered.fields)
        for (const b of rendered.fields)
          if (a !== b && a.page === b.page)
            expect(a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y).toBe(
              true,
            );
      const labels = rendered.pages.at(-1)!.lines.map((line) => line.cells[0]);
      expect(labels).toEqual(expect.arrayContaining(["Signature", "Date", "Name"]));

      const initials = rendered.fields.filter((field) => field.kind === "initials");
      if (kind === "equipment-finance-agreement" || kind === "lease-agreement") {
        expect(initials.map((field) => [field.id, field.page])).toEqual(
          rendered.pages.map((page) => [`initials-p${page.number}`, page.number]),
        );
        for (const field of initials) expect(field.y + field.height).toBeLessThan(60); // under the text
      } else expect(initials).toEqual([]);
      expect(rendered.fields).toHaveLength(3 + initials.length);
    },
  );

  it("carries the document's id and the lender in the metadata, in plain bytes a search finds", async () => {
    const { pdf } = await render("equipment-finance-agreement");
    const { doc } = await readPdf(pdf);
    const info = doc.context.lookup(doc.context.trailerInfo.Info, PDFDict);
    expect(info.lookup(PDFName.of("RecordId"), PDFString).asString()).toBe(documentId);
    expect(doc.getKeywords()).toBe(`record:${documentId} account:KEC-24117`);
    expect(doc.getAuthor()).toBe("Keystone Equipment Capital");
    expect(doc.getTitle()).toBe("Equipment Finance Agreement");
    expect(doc.getCreationDate()).toEqual(createdAt);
    expect(Buffer.from(pdf).toString("latin1")).toContain(`/RecordId (${documentId})`);
    await expect(
      renderAgreementDocument({
        kind: "ach-debit-authorization",
        title: "x",
        body: "",
        facts,
        documentId: "a b",
        createdAt,
      }),
    ).rejects.toThrow("RecordId");
  });

  it("prints the signer's block for whom the document is: the business's signer and title, or the guarantor", async () => {
    const agreement = await render("equipment-finance-agreement");
    const lastLines = agreement.pages.at(-1)!.lines;
    expect(lastLines).toContainEqual({ style: "bold", cells: ["BORROWER: Lakeside Auto Body LLC"] });
    expect(lastLines).toContainEqual({ style: "body", cells: ["Managing Member"] });
    expect(lastLines).toContainEqual({ style: "small", cells: ["Title"] });
    const guaranty = await render("personal-guaranty");
    const guarantyLines = guaranty.pages.at(-1)!.lines;
    expect(guarantyLines).toContainEqual({ style: "bold", cells: ["GUARANTOR, individually: Morgan T. Lee"] });
    expect(guarantyLines).toContainEqual({ style: "body", cells: ["morgan@x.example"] });
    expect(guarantyLines.map((line) => line.cells[0])).not.toContain("Title");
    // The signer's block is never split from its caption.
    const captionPage = guaranty.pages.findIndex((page) =>
      page.lines.some((line) => line.cells[0]!.startsWith("GUARANTOR")),
    );
    expect(captionPage + 1).toBe(guaranty.fields.find((field) => field.id === "signature")!.page);
  });

  it("shows the approval's terms, a lease's as rent", async () => {
    const rows = async (rendered: ReturnType<typeof render>) =>
      (await rendered).pages[0]!.lines.filter((line) => line.style === "table-row").map((line) => line.cells);
    expect(await rows(render("equipment-finance-agreement"))).toEqual([
      ["Amount financed", "$45,000.00"],
      ["Term", "48 months"],
      ["Monthly payment", "$1,122.35"],
      ["Annual rate", "8.99%"],
      ["Down payment", "$3,500.00"],
      ["Fees", "$395.00"],
      ["Equipment", "One 2024 Garmat USA 1000 Series downdraft paint booth with heated air make-up unit, installed"],
      ["Equipment cost", "$48,500.00"],
      ["Vendor", "Allegheny Shop Equipment Inc."],
    ]);
    const lease = await rows(
      render("lease-agreement", {
        approval: { ...facts.approval, lease: true },
        deal: { ...facts.deal, program: "lease" },
      }),
    );
    expect(lease[0]).toEqual(["Lease amount", "$45,000.00"]);
    expect(lease).toContainEqual(["Monthly rent", "$1,122.35"]);
    expect(lease.map(([label]) => label)).not.toContain("Annual rate");
    expect(await rows(render("ach-debit-authorization"))).toEqual([
      ["Monthly payment", "$1,122.35"],
      ["Term", "48 months"],
      ["Fees, with the first payment", "$395.00"],
    ]);
  });

  it("shows characters the PDF fonts lack as ? in the PDF and in the lines alike", async () => {
    const rendered = await render("delivery-and-acceptance", {
      business: { ...facts.business, name: "Łódź Café 東京 LLC" },
    });
    const { doc } = await readPdf(rendered.pdf);
    const lines = rendered.pages.flatMap((page) => page.lines.flatMap((line) => line.cells));
    expect(lines).toContain("CUSTOMER: ?ód? Café ?? LLC");
    expect(rendered.pages.map((page) => page.lines.flatMap((line) => line.cells).join(" "))).toEqual(
      doc.getPages().map((page) => pageText(page).join(" ")),
    );
  });
});
