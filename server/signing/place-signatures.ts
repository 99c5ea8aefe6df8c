import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFImage, type PDFPage } from "pdf-lib";
import type { AdoptedSignature, SigningField } from "#domain/signing/package-shapes.ts";

/** A drawn signature or set of initials is a PNG of at most this many bytes. */
export const maxDrawnPngBytes = 300 * 1024;

/**
 * The typed signature's script font, Dancing Script (SIL Open Font License 1.1), from the
 * @fontsource package the signer's browser shows it from: its Latin file, then its Latin Extended
 * file for the letters the first lacks (as the browser picks by unicode-range).
 */
const require = createRequire(import.meta.url);
const scriptFontFiles = ["latin", "latin-ext"].map((subset) =>
  require.resolve(`@fontsource/dancing-script/files/dancing-script-${subset}-400-normal.woff`),
);
type ScriptFontFile = { bytes: Buffer; characters: Set<number> };
let scriptFontFilesRead: Promise<ScriptFontFile[]> | undefined;
const loadScriptFonts = () =>
  (scriptFontFilesRead ??= Promise.all(
    scriptFontFiles.map(async (file) => {
      const bytes = await readFile(file);
      return { bytes, characters: new Set(fontkit.create(bytes).characterSet) };
    }),
  ));

export class SignaturePlacementError extends Error {}

const pngMagic = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The PNG bytes of a drawn signature sent as base64, checked: base64, the PNG signature, the size. */
export function drawnPngBytes(base64: string, what: string): Buffer {
  const text = base64.replace(/\s/g, "");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0)
    throw new SignaturePlacementError(`The drawn ${what} is not base64 text`);
  const bytes = Buffer.from(text, "base64");
  if (bytes.length > maxDrawnPngBytes)
    throw new SignaturePlacementError(
      `The drawn ${what} is ${Math.ceil(bytes.length / 1024)} KB: at most ${maxDrawnPngBytes / 1024} KB`,
    );
  if (bytes.length < pngMagic.length + 25 || !bytes.subarray(0, pngMagic.length).equals(pngMagic))
    throw new SignaturePlacementError(`The drawn ${what} is not a PNG image`);
  return bytes;
}

/** The script fonts, each embedded in the document the first time a letter needs it. */
type ScriptFonts = { files: ScriptFontFile[]; embedded: Map<number, PDFFont>; doc: PDFDocument };

/** Splits `text` into runs each drawn in the first script font that has its letters ("?" where none has). */
async function scriptRuns(text: string, fonts: ScriptFonts): Promise<{ font: PDFFont; text: string }[]> {
  const runs: { index: number; text: string }[] = [];
  for (const char of text) {
    const found = fonts.files.findIndex((file) => file.characters.has(char.codePointAt(0)!));
    const index = Math.max(found, 0);
    const shown = found === -1 ? "?" : char;
    if (runs.at(-1)?.index === index) runs.at(-1)!.text += shown;
    else runs.push({ index, text: shown });
  }
  const embedded: { font: PDFFont; text: string }[] = [];
  for (const run of runs) {
    if (!fonts.embedded.has(run.index))
      fonts.embedded.set(run.index, await fonts.doc.embedFont(fonts.files[run.index]!.bytes, { subset: true }));
    embedded.push({ font: fonts.embedded.get(run.index)!, text: run.text });
  }
  return embedded;
}

/** Typed text in the script font, as large as fits the box (at most 28 pt), on the box's baseline. */
async function drawScript(page: PDFPage, text: string, fonts: ScriptFonts, field: SigningField) {
  const runs = await scriptRuns(text.trim(), fonts);
  const widthAt = (size: number) => runs.reduce((sum, run) => sum + run.font.widthOfTextAtSize(run.text, size), 0);
  let size = Math.min(28, field.height * 0.8);
  const width = widthAt(size);
  if (width > field.width - 4) size *= (field.width - 4) / width;
  let x = field.x + 2;
  const y = field.y + Math.max(3, (field.height - size) / 3);
  for (const run of runs) {
    page.drawText(run.text, { x, y, size, font: run.font, color: rgb(0.05, 0.1, 0.35) });
    x += run.font.widthOfTextAtSize(run.text, size);
  }
}

/** A drawn image scaled to fit the box, its proportions kept, on the box's bottom left. */
function drawImage(page: PDFPage, image: PDFImage, field: SigningField) {
  const scale = Math.min(field.width / image.width, field.height / image.height);
  page.drawImage(image, { x: field.x, y: field.y, width: image.width * scale, height: image.height * scale });
}

function checkInsidePage(doc: PDFDocument, field: SigningField) {
  const page = doc.getPages()[field.page - 1];
  const { width, height } = page?.getSize() ?? { width: 0, height: 0 };
  const inside =
    page !== undefined &&
    [field.x, field.y, field.width, field.height].every(Number.isFinite) &&
    field.width > 0 &&
    field.height > 0 &&
    field.x >= 0 &&
    field.y >= 0 &&
    field.x + field.width <= width &&
    field.y + field.height <= height;
  if (!inside)
    throw new SignaturePlacementError(
      `The field ${field.id} (page ${field.page}, ${field.x},${field.y} ${field.width}x${field.height}) is outside the document's pages`,
    );
  return page;
}

/**
 * The document with the signer's signature placed in its fields: a typed signature and typed
 * initials in the script font (embedded), drawn ones as their PNG, the adopted name and the date
 * text in Helvetica. Throws SignaturePlacementError for a field outside the pages or a drawn image
 * that is not a PNG of at most 300 KB. The file's information dictionary (its record id) is kept.
 */
export async function placeSignatures(
  pdf: Uint8Array,
  fields: SigningField[],
  signature: AdoptedSignature,
  signedOn: string,
): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const pages = fields.map((field) => checkInsidePage(doc, field));
  doc.registerFontkit(fontkit);
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  const encodable = new Set(helvetica.getCharacterSet());
  const plain = (text: string) => [...text].map((char) => (encodable.has(char.codePointAt(0)!) ? char : "?")).join("");

  const fonts: ScriptFonts = { files: await loadScriptFonts(), embedded: new Map(), doc };
  const images = new Map<string, PDFImage>();
  const image = async (base64: string, what: string) => {
    const bytes = drawnPngBytes(base64, what);
    const key = bytes.toString("base64");
    if (!images.has(key))
      images.set(
        key,
        await doc.embedPng(bytes).catch((error: unknown) => {
          throw new SignaturePlacementError(`The drawn ${what} is not a readable PNG image (${String(error)})`);
        }),
      );
    return images.get(key)!;
  };
  if (signature.kind === "drawn" && !signature.drawnPng)
    throw new SignaturePlacementError("A drawn signature needs its image");

  for (const [index, field] of fields.entries()) {
    const page = pages[index]!;
    switch (field.kind) {
      case "signature":
        if (signature.kind === "drawn") drawImage(page, await image(signature.drawnPng!, "signature"), field);
        else await drawScript(page, signature.name, fonts, field);
        break;
      case "initials":
        if (signature.drawnInitialsPng) drawImage(page, await image(signature.drawnInitialsPng, "initials"), field);
        else await drawScript(page, signature.initials, fonts, field);
        break;
      case "name":
      case "date": {
        const text = plain(field.kind === "name" ? signature.name : signedOn);
        const width = helvetica.widthOfTextAtSize(text, 10);
        const size = Math.min(10, field.height * 0.6, (10 * (field.width - 4)) / Math.max(width, 1));
        page.drawText(text, { x: field.x + 2, y: field.y + 4, size, font: helvetica, color: rgb(0, 0, 0) });
        break;
      }
    }
  }
  return doc.save({ useObjectStreams: false });
}
