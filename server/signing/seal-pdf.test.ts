import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PDFDict, PDFName, PDFString } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultAgreementTemplates } from "#domain/signing/default-templates.ts";
import { fillTemplate, mergeValues } from "#domain/signing/merge-fields.ts";
import { samplePackageFacts } from "#domain/signing/sample-package-facts.ts";
import {
  opensslIssuedP12,
  opensslSignerSubjects,
  opensslVerifyPdf,
  pdfsig,
  signatureParts,
} from "../../tests/support/openssl-pdf-signature.ts";
import { readPdf } from "../../tests/support/pdf-text.ts";
import { writePdfDocument } from "../shared/pdf/write-document.ts";
import { placeSignatures } from "./place-signatures.ts";
import { readSealedPdf } from "./read-sealed-pdf.ts";
import { renderAgreementDocument } from "./render-agreement-document.ts";
import { sealPdf, type SealInfo } from "./seal-pdf.ts";
import { generateSealingP12 } from "./sealing-certificate.ts";

const lender = samplePackageFacts.lender.name;
const passphrase = "seal-test-passphrase";
const info: SealInfo = {
  reason: "Signed by every party; sealed by the lender",
  location: "Philadelphia, PA",
  contactInfo: "funding@keystone-capital.example",
  name: lender,
  signedAt: new Date("2026-11-28T16:30:00Z"),
};

/** The same file with one byte changed at `at`. */
const flipped = (pdf: Buffer, at: number) => {
  const copy = Buffer.from(pdf);
  copy[at] = copy[at]! ^ 0x01;
  return copy;
};

describe("sealPdf", () => {
  const documentId = randomUUID();
  let p12: Buffer;
  let certificatePem: string;
  let signedDocument: Uint8Array;
  let sealed: Buffer;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "seal-pdf-"));
    p12 = generateSealingP12(lender, passphrase);
    writeFileSync(path.join(dir, "lender.p12"), p12);
    certificatePem = execFileSync("openssl", [
      "pkcs12",
      ...["-in", path.join(dir, "lender.p12"), "-nokeys", "-clcerts", "-passin", `pass:${passphrase}`],
    ]).toString();
    const template = defaultAgreementTemplates["equipment-finance-agreement"];
    const rendered = await renderAgreementDocument({
      kind: "equipment-finance-agreement",
      title: template.title,
      body: fillTemplate(template.body, mergeValues(samplePackageFacts)),
      facts: samplePackageFacts,
      documentId,
      createdAt: new Date("2026-11-27T15:00:00Z"),
    });
    signedDocument = await placeSignatures(
      rendered.pdf,
      rendered.fields,
      { name: "Dana R. Whitfield", initials: "DRW", kind: "typed" },
      "Nov 28, 2026",
    );
    sealed = await sealPdf(signedDocument, { p12, passphrase }, info);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("signs the whole file but its signature, as OpenSSL verifies against the lender's certificate", () => {
    const { byteRange, cms } = signatureParts(sealed);
    const [from, firstLength, secondFrom, secondLength] = byteRange as [number, number, number, number];
    expect(from).toBe(0);
    expect(secondFrom + secondLength).toBe(sealed.length);
    expect(sealed.subarray(firstLength, secondFrom).toString("latin1")).toMatch(/^<[0-9a-f]+>$/);
    expect(cms.length).toBeGreaterThan(1000);

    const verified = opensslVerifyPdf(sealed, certificatePem);
    expect(verified.output).toContain("Verification successful");
    expect(verified.ok).toBe(true);
    expect(opensslSignerSubjects(sealed)).toEqual([`CN = ${lender}, O = ${lender}, OU = Document sealing, C = US`]);
    // Another certificate is not the signer's.
    const other = generateSealingP12("Someone Else", "x");
    writeFileSync(path.join(dir, "other.p12"), other);
    const otherPem = execFileSync("openssl", [
      "pkcs12",
      ...["-in", path.join(dir, "other.p12"), "-nokeys", "-clcerts", "-passin", "pass:x"],
    ]).toString();
    expect(opensslVerifyPdf(sealed, otherPem).ok).toBe(false);
  });

  it("seals with a CA-issued certificate exported by OpenSSL with its chain: OpenSSL verifies it up to the CA", async () => {
    const issued = opensslIssuedP12("Keystone Equipment Capital", "ca passphrase", true);
    const withChain = await sealPdf(signedDocument, { p12: issued.p12, passphrase: "ca passphrase" }, info);
    expect(opensslVerifyPdf(withChain, issued.caPem).ok).toBe(true);
    expect(opensslVerifyPdf(withChain, certificatePem).ok).toBe(false);
    expect(opensslSignerSubjects(withChain)).toEqual([`CN = ${lender}`, "CN = Test Document Signing CA"]);
    expect(readSealedPdf(withChain)).toEqual({ recordId: documentId, signed: true, intact: true });
  });

  it("no longer verifies once one byte of the document is changed, anywhere it signs", () => {
    const { byteRange } = signatureParts(sealed);
    const [, firstLength, secondFrom] = byteRange as [number, number, number, number];
    for (const at of [0, 1000, firstLength - 1, secondFrom, sealed.length - 20]) {
      const tampered = flipped(sealed, at);
      const verified = opensslVerifyPdf(tampered, certificatePem);
      expect(verified.ok, `byte ${at}`).toBe(false);
      expect(readSealedPdf(tampered).intact, `byte ${at}`).toBe(false);
    }
    // A hex digit of the RSA signature value (the CMS's last 256 bytes) changed: neither.
    const { cms } = signatureParts(sealed);
    const inSignature = Buffer.from(sealed);
    const digit = firstLength + 1 + 2 * (cms.length - 10);
    inSignature[digit] = inSignature[digit] === 0x30 ? 0x31 : 0x30;
    expect(opensslVerifyPdf(inSignature).ok).toBe(false);
    expect(readSealedPdf(inSignature).intact).toBe(false);
  });

  it("is what pdfsig (poppler) calls a valid signature of the lender over the total document, and not once changed", () => {
    const report = pdfsig(sealed);
    if (report === null) return; // OpenSSL checked the same claims above, on every machine.
    expect(report).toContain("Signature is Valid.");
    expect(report).toContain("Total document signed");
    expect(report).toContain(`Signer Certificate Common Name: ${lender}`);
    expect(report).toContain("Signature Type: adbe.pkcs7.detached");
    expect(report).toContain("Signing Hash Algorithm: SHA-256");
    const tampered = pdfsig(flipped(sealed, 1000))!;
    expect(tampered).not.toContain("Signature is Valid.");
    expect(tampered).toMatch(/Signature Validation: (Digest Mismatch|Signature is Invalid)/);
  });

  it("keeps the document's pages, its record id and its metadata, and says who sealed it, where and why", async () => {
    const { doc } = await readPdf(sealed);
    expect(doc.getPageCount()).toBe(4);
    const info = doc.context.lookup(doc.context.trailerInfo.Info, PDFDict);
    expect(info.lookup(PDFName.of("RecordId"), PDFString).asString()).toBe(documentId);
    expect(doc.getTitle()).toBe("Equipment Finance Agreement");
    const text = sealed.toString("latin1");
    for (const expected of [
      "/SubFilter /adbe.pkcs7.detached",
      `/Name (${lender})`,
      "/Location (Philadelphia, PA)",
      "/Reason (Signed by every party; sealed by the lender)",
      "/M (D:20261128163000Z)",
    ])
      expect(text).toContain(expected);
  });
});

describe("readSealedPdf", () => {
  const documentId = randomUUID();
  let sealed: Buffer;
  beforeAll(async () => {
    const p12 = generateSealingP12(lender, passphrase);
    const rendered = await renderAgreementDocument({
      kind: "ach-debit-authorization",
      title: "ACH Debit Authorization",
      body: "Short.",
      facts: samplePackageFacts,
      documentId,
      createdAt: new Date("2026-11-27T15:00:00Z"),
    });
    sealed = await sealPdf(rendered.pdf, { p12, passphrase }, info);
  });

  it("finds the record id of a sealed file and calls it intact", () => {
    expect(readSealedPdf(sealed)).toEqual({ recordId: documentId, signed: true, intact: true });
  });

  it("still finds the record id of a file changed by one byte, and calls it not intact", () => {
    const tampered = flipped(sealed, 2000);
    expect(readSealedPdf(tampered)).toEqual({ recordId: documentId, signed: true, intact: false });
  });

  it("calls a file with bytes added after the seal (an incremental update) not intact", () => {
    const update = Buffer.from(`\n1 0 obj\n<< /Title (Changed) /${"RecordId"} (another-id) >>\nendobj\n%%EOF\n`);
    expect(readSealedPdf(Buffer.concat([sealed, update]))).toEqual({
      recordId: "another-id",
      signed: true,
      intact: false,
    });
  });

  it("knows no record in a PDF it did not make, and nothing in what is not a PDF", async () => {
    const foreign = await writePdfDocument({ title: "Someone's PDF", blocks: [{ kind: "paragraph", text: "Hello" }] });
    expect(readSealedPdf(foreign)).toEqual({ recordId: null, signed: false, intact: false });
    expect(readSealedPdf(Buffer.from("not a pdf /ByteRange [0 1 2 3]"))).toEqual({
      recordId: null,
      signed: true,
      intact: false,
    });
    expect(readSealedPdf(Buffer.alloc(0))).toEqual({ recordId: null, signed: false, intact: false });
  });

  it("calls a file whose signature's certificate or padding was edited not intact", () => {
    const text = sealed.toString("latin1");
    // "Document sealing" in the certificate's subject, as the hex of the Contents spells it.
    const subject = Buffer.from("Document sealing").toString("hex");
    const at = text.indexOf(subject);
    expect(at).toBeGreaterThan(0);
    const renamed = Buffer.from(
      text.slice(0, at) + Buffer.from("Document Sealing").toString("hex") + text.slice(at + subject.length),
      "latin1",
    );
    expect(readSealedPdf(renamed)).toEqual({ recordId: documentId, signed: true, intact: false });
    // A non-zero byte in the zero padding after the CMS.
    const padded = Buffer.from(text.replace(/0000>/, "0100>"), "latin1");
    expect(padded.length).toBe(sealed.length);
    expect(readSealedPdf(padded).intact).toBe(false);
  });

  it("refuses a signature whose ByteRange leaves out part of the file", () => {
    const text = sealed.toString("latin1");
    const match = /\/ByteRange \[0 (\d+) (\d+) (\d+)\]/.exec(text)!;
    const shorter = `/ByteRange [0 ${match[1]} ${match[2]} ${Number(match[3]) - 10}]`.padEnd(match[0].length, " ");
    const moved = Buffer.from(text.replace(match[0], shorter), "latin1");
    expect(moved.length).toBe(sealed.length);
    expect(readSealedPdf(moved).intact).toBe(false);
  });
});
