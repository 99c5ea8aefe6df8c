import {
  PageSizes,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFString,
  StandardFonts,
  rgb,
  type PDFFont,
  type PDFPage,
  type RGB,
} from "pdf-lib";

/**
 * A place someone fills in later (a signature, a date): a box `height` points high above a rule,
 * its label under the rule. With `value`, the text is printed there instead and no place is kept.
 */
export type PdfFieldSpec = { id: string; label: string; height?: number; weight?: number; value?: string };

/** One piece of a document, laid out top to bottom; text is wrapped to the page width. */
export type PdfBlock =
  | { kind: "title"; text: string }
  | { kind: "heading"; text: string }
  | { kind: "paragraph"; text: string; bold?: boolean }
  | { kind: "table"; columns?: readonly string[]; rows: readonly (readonly string[])[]; widths?: readonly number[] }
  | { kind: "small-print"; text: string }
  | { kind: "space"; points: number }
  /** Rows of fields side by side (widths by weight) under a bold caption, kept together on one page. */
  | { kind: "fields"; caption?: string; rows: readonly (readonly PdfFieldSpec[])[] };

/** How a line of text is shown; a table row's cells are its wrapped lines joined by spaces. */
export type PdfLineStyle = "title" | "heading" | "body" | "bold" | "small" | "table-header" | "table-row";
export type PdfLine = { style: PdfLineStyle; cells: string[] };
/** Every text the page shows, in the order it is drawn (top to bottom, left to right). */
export type PdfLaidOutPage = { number: number; lines: PdfLine[] };
/** A field's box on a page, in points from the page's bottom-left corner. */
export type PdfFieldPlace = { id: string; page: number; x: number; y: number; width: number; height: number };

export type PdfDocumentInput = {
  /** The document's metadata title, also the running header of every page after the first. */
  title: string;
  author?: string;
  subject?: string;
  /** "#rrggbb": the title, headings and table headers. */
  accentColor?: string;
  /** Creation and modification date (default: now); fixed for reproducible files. */
  createdAt?: Date;
  blocks: readonly PdfBlock[];
  /** On every page, the first included, instead of the title from page 2 on: a left and a right text. */
  header?: { left: string; right?: string };
  /** Left of every page's footer, beside "Page n of m". */
  footerLeft?: string;
  /** Fields at the bottom of every page (initials): ids `<id>-p<page number>`. */
  pageFields?: readonly { id: string; label: string; width: number; height: number }[];
  keywords?: readonly string[];
  /**
   * Extra entries of the document's information dictionary, written as plain literal strings (ASCII
   * letters, digits and ._:- only) in a file without object streams, so a byte search finds them
   * even in a file that no longer parses.
   */
  infoEntries?: Readonly<Record<string, string>>;
};

/** The file and what is on it: each page's text as drawn, and the fields' boxes. */
export type PdfLayout = { bytes: Buffer; pages: PdfLaidOutPage[]; fields: PdfFieldPlace[] };

const [pageWidth, pageHeight] = PageSizes.Letter; // 612 x 792 pt
const margin = 60;
const contentWidth = pageWidth - 2 * margin;
const top = pageHeight - margin;
const bottom = margin;
const text = { size: 10, leading: 14 };
const small = { size: 8, leading: 10.5 };
const cellPadding = 4;
const grey = rgb(0.35, 0.35, 0.35);
const ruleGrey = rgb(0.75, 0.75, 0.75);
const black = rgb(0, 0, 0);

function hexColor(hex: string | undefined): RGB {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex ?? "");
  if (!match) return rgb(0.035, 0.29, 0.55); // the site's brand-700, #094a8c
  return rgb(parseInt(match[1], 16) / 255, parseInt(match[2], 16) / 255, parseInt(match[3], 16) / 255);
}

/** Lines of `value` no wider than `width`: breaks at "\n", then between words, then inside a too-long word. */
function wrap(value: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (line: string) => font.widthOfTextAtSize(line, size) <= width;
  const lines: string[] = [];
  for (const paragraph of value.split("\n")) {
    let line = "";
    for (const word of paragraph.split(" ").filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (fits(candidate)) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = "";
      for (const char of word) {
        if (line && !fits(line + char)) {
          lines.push(line);
          line = "";
        }
        line += char;
      }
    }
    lines.push(line);
  }
  return lines;
}

const fieldGutter = 24;
const fieldLabelGap = 12;
const fieldRowGap = 14;
const infoValue = /^[A-Za-z0-9._:-]{1,200}$/;

/**
 * A PDF of US Letter pages in the standard Helvetica fonts: headings, wrapped paragraphs, tables
 * and small print, a new page when one is full, "Page n of m" in every footer, and the title
 * and author in the document's metadata.
 */
export async function writePdfDocument(input: PdfDocumentInput): Promise<Buffer> {
  return (await layOutPdfDocument(input)).bytes;
}

/**
 * writePdfDocument, and what it drew: every page's text line by line (the same strings, in the
 * order the content stream shows them) and where the fields are.
 */
export async function layOutPdfDocument(input: PdfDocumentInput): Promise<PdfLayout> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const accent = hexColor(input.accentColor);
  // The standard fonts encode WinAnsi only: anything else is shown as "?" rather than failing.
  const encodable = new Set(regular.getCharacterSet());
  const printable = (value: string) =>
    [...value.replace(/\t/g, " ").replace(/\r\n?/g, "\n")]
      .map((char) => (char === "\n" || encodable.has(char.codePointAt(0)!) ? char : "?"))
      .join("");

  doc.setTitle(printable(input.title), { showInWindowTitleBar: true });
  if (input.author) doc.setAuthor(printable(input.author));
  if (input.subject) doc.setSubject(printable(input.subject));
  if (input.keywords) doc.setKeywords(input.keywords.map(printable));
  // setTitle made the information dictionary.
  const info = doc.context.lookup(doc.context.trailerInfo.Info, PDFDict);
  for (const [key, value] of Object.entries(input.infoEntries ?? {})) {
    if (!/^[A-Za-z][A-Za-z0-9]*$/.test(key) || !infoValue.test(value))
      throw new Error(`The information entry ${key} must be a name with a value of letters, digits and ._:- only`);
    info.set(PDFName.of(key), PDFString.of(value));
  }
  doc.setLanguage("en-US");
  const createdAt = input.createdAt ?? new Date();
  doc.setCreationDate(createdAt);
  doc.setModificationDate(createdAt);

  const laidOut: PdfLaidOutPage[] = [];
  const fields: PdfFieldPlace[] = [];
  let page!: PDFPage;
  let current!: PdfLaidOutPage;
  let y = top;
  /** Draws one text and records it as a line of the page (a table row is recorded by `table`). */
  const show = (
    value: string,
    options: { x: number; y: number; font: PDFFont; size: number; color: RGB },
    style: PdfLineStyle | null,
  ) => {
    page.drawText(value, options);
    if (style) current.lines.push({ style, cells: [value] });
  };
  const drawHeader = () => {
    if (input.header) {
      const headerY = top + 20;
      show(
        printable(input.header.left),
        { x: margin, y: headerY, font: bold, size: small.size, color: accent },
        "small",
      );
      if (input.header.right) {
        const right = printable(input.header.right);
        const x = pageWidth - margin - regular.widthOfTextAtSize(right, small.size);
        show(right, { x, y: headerY, font: regular, size: small.size, color: grey }, "small");
      }
      page.drawLine({
        start: { x: margin, y: headerY - 6 },
        end: { x: pageWidth - margin, y: headerY - 6 },
        thickness: 0.5,
        color: accent,
      });
    } else if (laidOut.length > 1) {
      show(printable(input.title), { x: margin, y: top + 20, font: regular, size: small.size, color: grey }, "small");
    }
  };
  const newPage = () => {
    page = doc.addPage(PageSizes.Letter);
    current = { number: laidOut.length + 1, lines: [] };
    laidOut.push(current);
    drawHeader();
    y = top;
  };
  newPage();
  /** Starts a new page unless `height` more points fit on this one. */
  const room = (height: number) => {
    if (y - height < bottom) newPage();
  };
  const lines = (
    value: string,
    font: PDFFont,
    style: { size: number; leading: number },
    color: RGB,
    lineStyle: PdfLineStyle,
  ) => {
    for (const line of wrap(printable(value), font, style.size, contentWidth)) {
      room(style.leading);
      y -= style.leading;
      if (line)
        show(line, { x: margin, y: y + (style.leading - style.size) / 2, font, size: style.size, color }, lineStyle);
    }
  };

  const table = (block: Extract<PdfBlock, { kind: "table" }>) => {
    const count = Math.max(block.columns?.length ?? 0, ...block.rows.map((row) => row.length));
    const weights = block.widths?.length === count ? block.widths : Array.from({ length: count }, () => 1);
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    const widths = weights.map((weight) => (weight / total) * contentWidth);
    const measure = (cells: readonly string[], font: PDFFont) => {
      const wrapped = widths.map((width, index) =>
        wrap(printable(cells[index] ?? ""), font, text.size, width - 2 * cellPadding),
      );
      return { wrapped, height: Math.max(...wrapped.map((cell) => cell.length)) * text.leading + 2 * cellPadding };
    };
    const drawRow = (
      { wrapped, height }: ReturnType<typeof measure>,
      font: PDFFont,
      color: RGB,
      rule: RGB,
      style: PdfLineStyle,
    ) => {
      let x = margin;
      wrapped.forEach((cell, index) => {
        cell.forEach((line, lineIndex) => {
          const baseline = y - cellPadding - (lineIndex + 1) * text.leading + (text.leading - text.size) / 2;
          if (line) page.drawText(line, { x: x + cellPadding, y: baseline, font, size: text.size, color });
        });
        x += widths[index];
      });
      current.lines.push({ style, cells: wrapped.map((cell) => cell.filter(Boolean).join(" ")) });
      y -= height;
      page.drawLine({ start: { x: margin, y }, end: { x: margin + contentWidth, y }, thickness: 0.5, color: rule });
    };
    const header = block.columns ? measure(block.columns, bold) : null;
    block.rows.forEach((cells, index) => {
      const row = measure(cells, regular);
      // The header is kept with the first row, and repeated on each page the table continues on.
      const breaks = y - row.height - (index === 0 ? (header?.height ?? 0) : 0) < bottom;
      if (breaks) newPage();
      if (header && (index === 0 || breaks)) drawRow(header, bold, accent, accent, "table-header");
      drawRow(row, regular, black, ruleGrey, "table-row");
    });
  };

  const fieldRows = (block: Extract<PdfBlock, { kind: "fields" }>) => {
    const rowHeight = (row: readonly PdfFieldSpec[]) =>
      Math.max(...row.map((field) => field.height ?? 22)) + fieldLabelGap + fieldRowGap;
    const caption = block.caption ? wrap(printable(block.caption), bold, text.size, contentWidth) : [];
    room(caption.length * text.leading + block.rows.reduce((sum, row) => sum + rowHeight(row), 0));
    if (block.caption) lines(block.caption, bold, text, black, "bold");
    for (const row of block.rows) {
      const boxHeight = rowHeight(row) - fieldLabelGap - fieldRowGap;
      const rule = y - fieldRowGap - boxHeight;
      const total = row.reduce((sum, field) => sum + (field.weight ?? 1), 0);
      const free = contentWidth - fieldGutter * (row.length - 1);
      let x = margin;
      for (const field of row) {
        const width = (free * (field.weight ?? 1)) / total;
        if (field.value !== undefined) {
          const value = wrap(printable(field.value), regular, text.size, width)[0] ?? "";
          if (value) show(value, { x, y: rule + 4, font: regular, size: text.size, color: black }, "body");
        } else {
          fields.push({ id: field.id, page: laidOut.length, x, y: rule, width, height: field.height ?? 22 });
        }
        page.drawLine({ start: { x, y: rule }, end: { x: x + width, y: rule }, thickness: 0.75, color: black });
        show(printable(field.label), { x, y: rule - 9, font: regular, size: small.size, color: grey }, "small");
        x += width + fieldGutter;
      }
      y -= rowHeight(row);
    }
  };

  for (const block of input.blocks) {
    switch (block.kind) {
      case "title":
        lines(block.text, bold, { size: 18, leading: 24 }, accent, "title");
        y -= 6;
        page.drawLine({ start: { x: margin, y }, end: { x: margin + contentWidth, y }, thickness: 1.5, color: accent });
        y -= 14;
        break;
      case "heading":
        // Kept with at least two lines of what follows.
        room(10 + 18 + 2 * text.leading);
        y -= 10;
        lines(block.text, bold, { size: 12, leading: 18 }, accent, "heading");
        y -= 2;
        break;
      case "paragraph":
        lines(block.text, block.bold ? bold : regular, text, black, block.bold ? "bold" : "body");
        y -= 6;
        break;
      case "table":
        table(block);
        y -= 10;
        break;
      case "small-print":
        lines(block.text, regular, small, grey, "small");
        y -= 4;
        break;
      case "space":
        room(block.points);
        y -= block.points;
        break;
      case "fields":
        fieldRows(block);
        break;
    }
  }

  const pages = doc.getPages();
  const footerY = bottom - 28;
  pages.forEach((each, index) => {
    page = each;
    current = laidOut[index]!;
    if (input.footerLeft) {
      const left = wrap(printable(input.footerLeft), regular, small.size, contentWidth / 3)[0] ?? "";
      if (left) show(left, { x: margin, y: footerY, font: regular, size: small.size, color: grey }, "small");
    }
    let x = pageWidth / 2 - (input.pageFields ?? []).reduce((sum, field) => sum + field.width + 40, 0) / 2;
    for (const field of input.pageFields ?? []) {
      const label = printable(field.label);
      show(label, { x, y: footerY, font: regular, size: small.size, color: grey }, "small");
      const boxX = x + regular.widthOfTextAtSize(label, small.size) + 4;
      const boxY = footerY - 4;
      each.drawLine({
        start: { x: boxX, y: boxY },
        end: { x: boxX + field.width, y: boxY },
        thickness: 0.75,
        color: black,
      });
      fields.push({
        id: `${field.id}-p${index + 1}`,
        page: index + 1,
        x: boxX,
        y: boxY,
        width: field.width,
        height: field.height,
      });
      x = boxX + field.width + 40;
    }
    const label = `Page ${index + 1} of ${pages.length}`;
    show(
      label,
      {
        x: pageWidth - margin - regular.widthOfTextAtSize(label, small.size),
        y: footerY,
        font: regular,
        size: small.size,
        color: grey,
      },
      "small",
    );
  });
  // Without object streams the information dictionary is plain text in the file (see infoEntries).
  const bytes = await doc.save({ useObjectStreams: !input.infoEntries });
  return { bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), pages: laidOut, fields };
}
