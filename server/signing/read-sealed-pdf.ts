import { createHash, verify, X509Certificate } from "node:crypto";
import { recordIdInfoKey } from "./render-agreement-document.ts";

export type SealedPdfReading = {
  /** The record id the file carries (RecordId in its information dictionary), found by a byte search. */
  recordId: string | null;
  /** The file has at least one digital signature. */
  signed: boolean;
  /**
   * Every signature verifies against the bytes it signs, and the last one covers the whole file
   * but its own Contents: nothing was changed or added since it was sealed.
   */
  intact: boolean;
};

const recordIdPattern = new RegExp(`/${recordIdInfoKey}\\s*\\(([A-Za-z0-9._:-]{1,200})\\)`, "g");
const byteRangePattern = /\/ByteRange\s*\[\s*(\d{1,12})\s+(\d{1,12})\s+(\d{1,12})\s+(\d{1,12})\s*\]/g;

/**
 * What a PDF says about itself: the record id it carries (even in a changed file: the bytes are
 * searched, not parsed), whether it is signed, and whether its signatures cover the whole file and
 * verify. The certificate's trust is not judged here: the caller compares the file's SHA-256 with
 * the record's.
 */
export function readSealedPdf(bytes: Buffer): SealedPdfReading {
  const text = bytes.toString("latin1");
  const recordId = [...text.matchAll(recordIdPattern)].at(-1)?.[1] ?? null;
  const ranges = [...text.matchAll(byteRangePattern)].map((match) => match.slice(1, 5).map(Number));
  if (ranges.length === 0) return { recordId, signed: false, intact: false };
  const last = ranges.reduce((latest, range) => (range[2]! + range[3]! > latest[2]! + latest[3]! ? range : latest));
  const coversFile = last[2]! + last[3]! === bytes.length;
  const intact = coversFile && ranges.every((range) => signatureVerifies(bytes, range));
  return { recordId, signed: true, intact };
}

/** The signature of one ByteRange: [0, start of Contents' "<", after its ">", the rest], checked. */
function signatureVerifies(bytes: Buffer, [from, firstLength, secondFrom, secondLength]: number[]): boolean {
  if (from !== 0 || firstLength! >= secondFrom! || secondFrom! + secondLength! > bytes.length) return false;
  const contents = bytes.subarray(firstLength, secondFrom).toString("latin1");
  if (!/^<[0-9A-Fa-f]*>$/.test(contents) || contents.length % 2 !== 0) return false;
  const signed = Buffer.concat([
    bytes.subarray(0, firstLength),
    bytes.subarray(secondFrom, secondFrom! + secondLength!),
  ]);
  try {
    const der = Buffer.from(contents.slice(1, -1), "hex");
    const cmsEnd = tlv(der, 0).end;
    // Past the CMS the placeholder's padding is zeros: any other byte there is a change too.
    return der.subarray(cmsEnd).every((byte) => byte === 0) && cmsVerifies(der.subarray(0, cmsEnd), signed);
  } catch {
    return false;
  }
}

type Tlv = { tag: number; start: number; contentStart: number; end: number };

/** One DER element at `at` (single-byte tags, definite lengths only). */
function tlv(der: Buffer, at: number, limit = der.length): Tlv {
  const tag = der[at]!;
  if ((tag & 0x1f) === 0x1f) throw new Error("multi-byte tag");
  let length = der[at + 1]!;
  let contentStart = at + 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    if (count === 0 || count > 4) throw new Error("indefinite or too long a length");
    length = 0;
    for (let index = 0; index < count; index += 1) length = length * 256 + der[at + 2 + index]!;
    contentStart += count;
  }
  const end = contentStart + length;
  if (end > limit || Number.isNaN(end)) throw new Error("element past its parent");
  return { tag, start: at, contentStart, end };
}

function children(der: Buffer, parent: Tlv): Tlv[] {
  const found: Tlv[] = [];
  for (let at = parent.contentStart; at < parent.end;) {
    const child = tlv(der, at, parent.end);
    found.push(child);
    at = child.end;
  }
  return found;
}

const content = (der: Buffer, element: Tlv) => der.subarray(element.contentStart, element.end);

function oid(der: Buffer, element: Tlv): string {
  if (element.tag !== 0x06) throw new Error("not an object identifier");
  const bytes = content(der, element);
  const parts = [Math.floor(bytes[0]! / 40), bytes[0]! % 40];
  let value = 0;
  for (const byte of bytes.subarray(1)) {
    value = value * 128 + (byte & 0x7f);
    if (!(byte & 0x80)) {
      parts.push(value);
      value = 0;
    }
  }
  return parts.join(".");
}

const digests: Record<string, string> = {
  "1.3.14.3.2.26": "sha1",
  "2.16.840.1.101.3.4.2.1": "sha256",
  "2.16.840.1.101.3.4.2.2": "sha384",
  "2.16.840.1.101.3.4.2.3": "sha512",
};
const signedDataOid = "1.2.840.113549.1.7.2";
const messageDigestOid = "1.2.840.113549.1.9.4";
const rsaPssOid = "1.2.840.113549.1.1.10";

const serialHex = (bytes: Buffer) => bytes.toString("hex").toUpperCase().replace(/^0+/, "");

/**
 * Verifies a detached CMS SignedData over `signed` (RFC 5652 5.4): with signed attributes, their
 * message digest is the content's and the signature is over their DER (as a SET); without, the
 * signature is over the content. The signer's certificate is the one whose serial the signer
 * names, from the certificates the CMS carries.
 */
function cmsVerifies(der: Buffer, signed: Buffer): boolean {
  const contentInfo = children(der, tlv(der, 0));
  if (oid(der, contentInfo[0]!) !== signedDataOid || contentInfo[1]?.tag !== 0xa0) return false;
  const signedData = children(der, children(der, contentInfo[1])[0]!);
  const certificates = signedData
    .filter((element) => element.tag === 0xa0)
    .flatMap((set) => children(der, set))
    .filter((element) => element.tag === 0x30)
    .map((element) => new X509Certificate(der.subarray(element.start, element.end)));
  const signerInfos = signedData.at(-1)!;
  if (signerInfos.tag !== 0x31) return false;
  const signers = children(der, signerInfos);
  return (
    signers.length > 0 &&
    signers.every((signerInfo) => signerVerifies(der, children(der, signerInfo), certificates, signed))
  );
}

function signerVerifies(der: Buffer, fields: Tlv[], certificates: X509Certificate[], signed: Buffer): boolean {
  const [, sid, digestAlgorithm, ...rest] = fields;
  const digest = digests[oid(der, children(der, digestAlgorithm!)[0]!)];
  if (!digest) return false;
  const signedAttributes = rest[0]?.tag === 0xa0 ? rest.shift() : undefined;
  const [signatureAlgorithm, signature] = rest;
  if (signature?.tag !== 0x04 || oid(der, children(der, signatureAlgorithm!)[0]!) === rsaPssOid) return false;
  let data = signed;
  if (signedAttributes) {
    const messageDigest = children(der, signedAttributes)
      .map((attribute) => children(der, attribute))
      .find(([type]) => oid(der, type!) === messageDigestOid);
    const expected = messageDigest && children(der, messageDigest[1]!)[0];
    if (!expected || !content(der, expected).equals(createHash(digest).update(signed).digest())) return false;
    // The signature is over the attributes' DER with the SET tag, not the [0] IMPLICIT one.
    data = Buffer.concat([Buffer.from([0x31]), der.subarray(signedAttributes.start + 1, signedAttributes.end)]);
  }
  const serial = sid!.tag === 0x30 ? serialHex(content(der, children(der, sid!)[1]!)) : null;
  const candidates = certificates.filter(
    (cert) => serial === null || serialHex(Buffer.from(cert.serialNumber, "hex")) === serial,
  );
  return candidates.some(
    (cert) => verify(digest, data, cert.publicKey, content(der, signature)) && issuedUnchanged(cert, certificates),
  );
}

/**
 * The signer's certificate is unchanged: it verifies against one of the certificates the CMS
 * carries (its issuer, or itself when self-signed; sealing-certificate.ts requires the chain in the
 * lender's file). Whether the chain is trusted is the reader's to judge; this catches a certificate
 * edited inside the file.
 */
function issuedUnchanged(cert: X509Certificate, certificates: X509Certificate[]): boolean {
  return certificates.some((issuer) => cert.verify(issuer.publicKey));
}
