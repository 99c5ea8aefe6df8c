import { crc32, deflateSync } from "node:zlib";
import { writePdfDocument } from "../shared/pdf/write-document.ts";

// Small real files for the demo's sample deals: they pass the same content check as an upload (receive-uploads.ts).

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A 96x48 RGB picture: a coloured band with diagonal stripes (a stand-in for a photo). */
export function samplePng(rgb: readonly [number, number, number] = [31, 94, 160]): Buffer {
  const width = 96;
  const height = 48;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const stripe = (x + y) % 16 < 8;
      const [r, g, b] = stripe ? rgb : [255, 255, 255];
      row.writeUInt8(r, 1 + x * 3);
      row.writeUInt8(g, 2 + x * 3);
      row.writeUInt8(b, 3 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A one-page sample document for a sample deal, saying it holds no real data. */
export function samplePdf(title: string, businessName: string): Promise<Buffer> {
  return writePdfDocument({
    title,
    author: "Demo seed",
    blocks: [
      { kind: "title", text: title },
      { kind: "paragraph", text: `Business: ${businessName}` },
      { kind: "paragraph", text: "This is a sample document created by the demo seed." },
      { kind: "paragraph", text: "It holds no real customer data." },
    ],
  });
}
