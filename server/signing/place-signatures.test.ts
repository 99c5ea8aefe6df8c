import { crc32, deflateSync } from "node:zlib";
import { PDFDict, PDFName, PDFRawStream, PDFString } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { defaultAgreementTemplates } from "#domain/signing/default-templates.ts";
import { fillTemplate, mergeValues } from "#domain/signing/merge-fields.ts";
import type { AdoptedSignature, SigningField } from "#domain/signing/package-shapes.ts";
import { samplePackageFacts } from "#domain/signing/sample-package-facts.ts";
import { pageText, readPdf } from "../../tests/support/pdf-text.ts";
import { maxDrawnPngBytes, placeSignatures, SignaturePlacementError } from "./place-signatures.ts";
import { renderAgreementDocument, type RenderedAgreementDocument } from "./render-agreement-document.ts";

/** A PNG of `width` x `height` RGBA pixels (a dark stroke on transparent), `noise` bytes of random pixels to grow it. */
function testPng(width: number, height: number, noise = false): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const at = y * (width * 4 + 1) + 1 + x * 4;
      const stroke = Math.abs(y - height / 2 - (height / 4) * Math.sin(x / 8)) < 2;
      if (noise) rows.set([(x * 7919 + y * 104729) % 256, (x * y) % 256, (x + y * 31) % 256, 255], at);
      else if (stroke) rows.set([10, 20, 90, 255], at);
    }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows, { level: noise ? 0 : 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const documentId = "5d0c8e2a-1b7f-4e9a-8c3d-2f6a9b1e7c40";
const typed: AdoptedSignature = { name: "Dana R. Whitfield", initials: "DRW", kind: "typed" };

/** The embedded fonts' names (BaseFont of each font descriptor with a font file). */
function embeddedFonts(doc: Awaited<ReturnType<typeof readPdf>>["doc"]): string[] {
  return doc.context
    .enumerateIndirectObjects()
    .map(([, object]) => object)
    .filter((object): object is PDFDict => object instanceof PDFDict)
    .filter(
      (dict) => dict.get(PDFName.of("Type")) === PDFName.of("FontDescriptor") && dict.has(PDFName.of("FontFile2")),
    )
    .map((dict) => dict.get(PDFName.of("FontName"))!.toString());
}

/** The images a page draws: their pixel sizes. */
function pageImages(doc: Awaited<ReturnType<typeof readPdf>>["doc"], pageIndex: number): string[] {
  const resources = doc.getPage(pageIndex).node.Resources();
  const objects = resources?.lookupMaybe(PDFName.of("XObject"), PDFDict);
  return (objects?.keys() ?? [])
    .map((key) => objects!.lookup(key))
    .filter((object): object is PDFRawStream => object instanceof PDFRawStream)
    .filter((stream) => stream.dict.get(PDFName.of("Subtype")) === PDFName.of("Image"))
    .map(
      (stream) =>
        `${stream.dict.get(PDFName.of("Width"))!.toString()}x${stream.dict.get(PDFName.of("Height"))!.toString()}`,
    );
}

describe("placeSignatures", () => {
  let agreement: RenderedAgreementDocument;
  beforeAll(async () => {
    const template = defaultAgreementTemplates["equipment-finance-agreement"];
    agreement = await renderAgreementDocument({
      kind: "equipment-finance-agreement",
      title: template.title,
      body: fillTemplate(template.body, mergeValues(samplePackageFacts)),
      facts: samplePackageFacts,
      documentId,
      createdAt: new Date("2026-11-27T15:00:00Z"),
    });
  });

  it("writes a typed signature and initials in the embedded script font, the name and the date in the document's font", async () => {
    const before = Buffer.from(agreement.pdf);
    const signed = await placeSignatures(agreement.pdf, agreement.fields, typed, "Nov 28, 2026");
    expect(Buffer.from(agreement.pdf).equals(before)).toBe(true);
    const { doc } = await readPdf(signed);
    expect(doc.getPageCount()).toBe(agreement.pages.length);
    expect(embeddedFonts(doc)).toEqual([expect.stringContaining("DancingScript")]);
    const last = pageText(doc.getPage(doc.getPageCount() - 1));
    expect(last).toContain("Nov 28, 2026");
    expect(last).toContain("Dana R. Whitfield");
    // The record id stays in the file, where a byte search finds it.
    const info = doc.context.lookup(doc.context.trailerInfo.Info, PDFDict);
    expect(info.lookup(PDFName.of("RecordId"), PDFString).asString()).toBe(documentId);
    expect(Buffer.from(signed).toString("latin1")).toContain(`/RecordId (${documentId})`);
    expect(doc.getCreationDate()).toEqual(new Date("2026-11-27T15:00:00Z"));
  });

  it("takes the script font's Latin Extended file for the letters its Latin file lacks", async () => {
    const signed = await placeSignatures(
      agreement.pdf,
      agreement.fields,
      { name: "Łukasz Wiśniewski", initials: "ŁW", kind: "typed" },
      "Nov 28, 2026",
    );
    expect(embeddedFonts((await readPdf(signed)).doc)).toHaveLength(2);
  });

  it("draws a drawn signature as its PNG, scaled into the box, and typed initials without a drawn set", async () => {
    const png = testPng(400, 100);
    const drawn: AdoptedSignature = { ...typed, kind: "drawn", drawnPng: png.toString("base64") };
    const { doc } = await readPdf(await placeSignatures(agreement.pdf, agreement.fields, drawn, "Nov 28, 2026"));
    expect(pageImages(doc, doc.getPageCount() - 1)).toEqual(["400x100"]);
    expect(pageImages(doc, 0)).toEqual([]);
    expect(embeddedFonts(doc)).toEqual([expect.stringContaining("DancingScript")]);

    const initialsPng = testPng(120, 60);
    const withInitials = await readPdf(
      await placeSignatures(
        agreement.pdf,
        agreement.fields,
        { ...drawn, drawnInitialsPng: initialsPng.toString("base64") },
        "Nov 28, 2026",
      ),
    );
    expect(pageImages(withInitials.doc, 0)).toEqual(["120x60"]);
    expect(pageImages(withInitials.doc, withInitials.doc.getPageCount() - 1).sort()).toEqual(["120x60", "400x100"]);
    expect(embeddedFonts(withInitials.doc)).toEqual([]);
  });

  it.each([
    ["not base64", "%%%not-base64%%%", "The drawn signature is not base64 text"],
    [
      "a JPEG",
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...new Array<number>(60).fill(0)]).toString("base64"),
      "The drawn signature is not a PNG image",
    ],
    ["too short", Buffer.from([0x89, 0x50, 0x4e, 0x47]).toString("base64"), "The drawn signature is not a PNG image"],
    [
      "a PNG's magic before garbage",
      Buffer.concat([testPng(1, 1).subarray(0, 8), Buffer.alloc(64, 7)]).toString("base64"),
      "The drawn signature is not a readable PNG image",
    ],
  ])("refuses a drawn signature that is %s", async (_, drawnPng, message) => {
    await expect(
      placeSignatures(agreement.pdf, agreement.fields, { ...typed, kind: "drawn", drawnPng }, "Nov 28, 2026"),
    ).rejects.toThrow(new SignaturePlacementError(message).message);
  });

  it("refuses a drawn image over 300 KB, and takes one just under it", async () => {
    const big = testPng(300, 256, true);
    expect(big.length).toBeGreaterThan(maxDrawnPngBytes);
    await expect(
      placeSignatures(
        agreement.pdf,
        agreement.fields,
        { ...typed, kind: "drawn", drawnPng: big.toString("base64") },
        "x",
      ),
    ).rejects.toThrow(/The drawn signature is \d+ KB: at most 300 KB/);
    await expect(
      placeSignatures(agreement.pdf, agreement.fields, { ...typed, drawnInitialsPng: big.toString("base64") }, "x"),
    ).rejects.toThrow(/The drawn initials is \d+ KB: at most 300 KB/);
    const fits = testPng(300, 240, true);
    expect(fits.length).toBeLessThanOrEqual(maxDrawnPngBytes);
    await placeSignatures(
      agreement.pdf,
      agreement.fields,
      { ...typed, kind: "drawn", drawnPng: fits.toString("base64") },
      "x",
    );
    await expect(placeSignatures(agreement.pdf, agreement.fields, { ...typed, kind: "drawn" }, "x")).rejects.toThrow(
      "A drawn signature needs its image",
    );
  });

  const field = (change: Partial<SigningField>): SigningField => ({
    id: "signature",
    kind: "signature",
    page: 1,
    x: 60,
    y: 100,
    width: 200,
    height: 36,
    ...change,
  });
  it.each([
    ["left of the page", { x: -1 }],
    ["below the page", { y: -0.5 }],
    ["past the right edge", { x: 500, width: 113 }],
    ["past the top", { y: 760, height: 33 }],
    ["on page 0", { page: 0 }],
    ["on a page the document lacks", { page: 99 }],
    ["of no size", { width: 0 }],
    ["not a number", { x: Number.NaN }],
  ])("refuses a field %s", async (_, change) => {
    await expect(placeSignatures(agreement.pdf, [field(change)], typed, "x")).rejects.toThrow(
      /The field signature \(page .*\) is outside the document's pages/,
    );
  });

  it("takes a field that touches the page's edges", async () => {
    const signed = await placeSignatures(agreement.pdf, [field({ x: 0, y: 0, width: 612, height: 792 })], typed, "x");
    expect((await readPdf(signed)).doc.getPageCount()).toBe(agreement.pages.length);
  });
});
