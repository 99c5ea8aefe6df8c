import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFPage } from "pdf-lib";

// WinAnsiEncoding is Latin-1 but for 0x80-0x9f (Node's TextDecoder reads "windows-1252" as Latin-1).
const winAnsiHigh = "€\uFFFD‚ƒ„…†‡ˆ‰Š‹Œ\uFFFDŽ\uFFFD\uFFFD‘’“”•–—˜™š›œ\uFFFDžŸ";
const winAnsi = (bytes: Buffer) =>
  [...bytes]
    .map((byte) => (byte >= 0x80 && byte <= 0x9f ? winAnsiHigh[byte - 0x80] : String.fromCharCode(byte)))
    .join("");

/** The strings a page shows, in drawing order: the hex operands of its `Tj` operators, its content streams inflated. */
export function pageText(page: PDFPage): string[] {
  const contents = page.node.Contents();
  const parts =
    contents instanceof PDFArray ? contents.asArray().map((ref) => page.doc.context.lookup(ref)) : [contents];
  const shown: string[] = [];
  for (const part of parts) {
    if (!(part instanceof PDFRawStream)) continue;
    const operators = Buffer.from(decodePDFRawStream(part).decode()).toString("latin1");
    for (const [, hex] of operators.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) shown.push(winAnsi(Buffer.from(hex, "hex")));
  }
  return shown;
}

/** A PDF as pdf-lib reads it back, with the text of each page (its lines joined by spaces). */
export async function readPdf(bytes: Uint8Array): Promise<{ doc: PDFDocument; pages: string[] }> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  return { doc, pages: doc.getPages().map((page) => pageText(page).join(" ")) };
}
