import { PageSizes, PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage, type RGB } from "pdf-lib";

/** One piece of a document, laid out top to bottom; text is wrapped to the page width. */
export type PdfBlock =
  | { kind: "title"; text: string }
  | { kind: "heading"; text: string }
  | { kind: "paragraph"; text: string; bold?: boolean }
  | { kind: "table"; columns?: readonly string[]; rows: readonly (readonly string[])[]; widths?: readonly number[] }
  | { kind: "small-print"; text: string }
  | { kind: "space"; points: number };

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
};

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

/**
 * A PDF of US Letter pages in the standard Helvetica fonts: headings, wrapped paragraphs, tables
 * and small print, a new page when one is full, "Page n of m" in every footer, and the title
 * and author in the document's metadata.
 */
export async function writePdfDocument(input: PdfDocumentInput): Promise<Buffer> {
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
  doc.setLanguage("en-US");
  const createdAt = input.createdAt ?? new Date();
  doc.setCreationDate(createdAt);
  doc.setModificationDate(createdAt);

  let page: PDFPage = doc.addPage(PageSizes.Letter);
  let y = top;
  const newPage = () => {
    page = doc.addPage(PageSizes.Letter);
    page.drawText(printable(input.title), { x: margin, y: top + 20, font: regular, size: small.size, color: grey });
    y = top;
  };
  /** Starts a new page unless `height` more points fit on this one. */
  const room = (height: number) => {
    if (y - height < bottom) newPage();
  };
  const lines = (value: string, font: PDFFont, style: { size: number; leading: number }, color: RGB) => {
    for (const line of wrap(printable(value), font, style.size, contentWidth)) {
      room(style.leading);
      y -= style.leading;
      if (line)
        page.drawText(line, { x: margin, y: y + (style.leading - style.size) / 2, font, size: style.size, color });
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
    const drawRow = ({ wrapped, height }: ReturnType<typeof measure>, font: PDFFont, color: RGB, rule: RGB) => {
      let x = margin;
      wrapped.forEach((cell, index) => {
        cell.forEach((line, lineIndex) => {
          const baseline = y - cellPadding - (lineIndex + 1) * text.leading + (text.leading - text.size) / 2;
          if (line) page.drawText(line, { x: x + cellPadding, y: baseline, font, size: text.size, color });
        });
        x += widths[index];
      });
      y -= height;
      page.drawLine({ start: { x: margin, y }, end: { x: margin + contentWidth, y }, thickness: 0.5, color: rule });
    };
    const header = block.columns ? measure(block.columns, bold) : null;
    block.rows.forEach((cells, index) => {
      const row = measure(cells, regular);
      // The header is kept with the first row, and repeated on each page the table continues on.
      const breaks = y - row.height - (index === 0 ? (header?.height ?? 0) : 0) < bottom;
      if (breaks) newPage();
      if (header && (index === 0 || breaks)) drawRow(header, bold, accent, accent);
      drawRow(row, regular, black, ruleGrey);
    });
  };

  for (const block of input.blocks) {
    switch (block.kind) {
      case "title":
        lines(block.text, bold, { size: 18, leading: 24 }, accent);
        y -= 6;
        page.drawLine({ start: { x: margin, y }, end: { x: margin + contentWidth, y }, thickness: 1.5, color: accent });
        y -= 14;
        break;
      case "heading":
        // Kept with at least two lines of what follows.
        room(10 + 18 + 2 * text.leading);
        y -= 10;
        lines(block.text, bold, { size: 12, leading: 18 }, accent);
        y -= 2;
        break;
      case "paragraph":
        lines(block.text, block.bold ? bold : regular, text, black);
        y -= 6;
        break;
      case "table":
        table(block);
        y -= 10;
        break;
      case "small-print":
        lines(block.text, regular, small, grey);
        y -= 4;
        break;
      case "space":
        room(block.points);
        y -= block.points;
        break;
    }
  }

  const pages = doc.getPages();
  pages.forEach((each, index) => {
    const label = `Page ${index + 1} of ${pages.length}`;
    each.drawText(label, {
      x: pageWidth - margin - regular.widthOfTextAtSize(label, small.size),
      y: bottom - 28,
      font: regular,
      size: small.size,
      color: grey,
    });
  });
  const bytes = await doc.save();
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
