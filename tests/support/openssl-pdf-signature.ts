import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// An independent check of a signed PDF: the signed bytes and the CMS taken out of the file by its
// ByteRange, and OpenSSL (not our code) verifying the one against the other.

/** The last signature's ByteRange, the bytes it covers, and its CMS (DER, the placeholder's zero padding cut). */
export function signatureParts(pdf: Buffer): { byteRange: number[]; signed: Buffer; cms: Buffer } {
  const ranges = [...pdf.toString("latin1").matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)];
  if (ranges.length === 0) throw new Error("no signature in the file");
  const byteRange = ranges.at(-1)!.slice(1, 5).map(Number);
  const [from, firstLength, secondFrom, secondLength] = byteRange as [number, number, number, number];
  const signed = Buffer.concat([
    pdf.subarray(from, from + firstLength),
    pdf.subarray(secondFrom, secondFrom + secondLength),
  ]);
  const der = Buffer.from(pdf.subarray(firstLength + 1, secondFrom - 1).toString("latin1"), "hex");
  // A DER SEQUENCE's length: short form, or 0x8N then N bytes.
  const lengthBytes = der[1]! & 0x80 ? der[1]! & 0x7f : 0;
  const length = lengthBytes ? der.subarray(2, 2 + lengthBytes).readUIntBE(0, lengthBytes) : der[1]!;
  return { byteRange, signed, cms: der.subarray(0, 2 + lengthBytes + length) };
}

/**
 * `openssl cms -verify` of the file's signature over its signed bytes. With `trustedPem`, the
 * signer's certificate must chain to it; without, the certificate is not checked (-noverify).
 */
export function opensslVerifyPdf(pdf: Buffer, trustedPem?: string): { ok: boolean; output: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "openssl-pdf-"));
  try {
    const { signed, cms } = signatureParts(pdf);
    writeFileSync(path.join(dir, "signed.bin"), signed);
    writeFileSync(path.join(dir, "sig.der"), cms);
    const trust = trustedPem
      ? (writeFileSync(path.join(dir, "trusted.pem"), trustedPem), ["-CAfile", path.join(dir, "trusted.pem")])
      : ["-noverify"];
    const run = spawnSync(
      "openssl",
      [
        "cms",
        "-verify",
        "-binary",
        "-inform",
        "DER",
        "-in",
        path.join(dir, "sig.der"),
        "-content",
        path.join(dir, "signed.bin"),
        ...trust,
        "-purpose",
        "any",
        "-out",
        path.join(dir, "content.out"),
      ],
      { encoding: "utf8" },
    );
    return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The subjects of the certificates the file's CMS carries, as OpenSSL prints them. */
export function opensslSignerSubjects(pdf: Buffer): string[] {
  const run = spawnSync("openssl", ["pkcs7", "-inform", "DER", "-print_certs", "-noout"], {
    input: signatureParts(pdf).cms,
    encoding: "utf8",
  });
  return [...run.stdout.matchAll(/^subject=(.*)$/gm)].map((match) => match[1]!.trim());
}

/** `pdfsig` (poppler-utils) on the file, when the machine has it: its report, else null. */
export function pdfsig(pdf: Buffer): string | null {
  if (spawnSync("pdfsig", ["-v"]).error) return null;
  const dir = mkdtempSync(path.join(tmpdir(), "pdfsig-"));
  try {
    writeFileSync(path.join(dir, "file.pdf"), pdf);
    const run = spawnSync("pdfsig", [path.join(dir, "file.pdf")], { encoding: "utf8" });
    return `${run.stdout}${run.stderr}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A document-signing certificate issued by a test CA, exported by OpenSSL (its own defaults, as an
 * operator's .p12 would be) with or without the CA's certificate: the file and the CA's PEM.
 */
export function opensslIssuedP12(
  commonName: string,
  passphrase: string,
  withChain: boolean,
): { p12: Buffer; caPem: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "openssl-ca-"));
  const run = (...args: string[]) => {
    const result = spawnSync("openssl", args, { cwd: dir, encoding: "utf8" });
    if (result.status !== 0) throw new Error(`openssl ${args[0]}: ${result.stderr}`);
  };
  try {
    run(
      ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "30"],
      ...["-subj", "/CN=Test Document Signing CA", "-addext", "basicConstraints=critical,CA:TRUE"],
      ...["-addext", "keyUsage=critical,keyCertSign,cRLSign"],
    );
    run(
      "req",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      "leaf.key",
      "-out",
      "leaf.csr",
      "-subj",
      `/CN=${commonName}`,
    );
    writeFileSync(path.join(dir, "leaf.ext"), "keyUsage=critical,digitalSignature,nonRepudiation\n");
    run(
      ...["x509", "-req", "-in", "leaf.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial"],
      ...["-out", "leaf.pem", "-days", "30", "-extfile", "leaf.ext"],
    );
    run(
      ...["pkcs12", "-export", "-inkey", "leaf.key", "-in", "leaf.pem", "-out", "leaf.p12"],
      ...(withChain ? ["-certfile", "ca.pem"] : []),
      ...["-passout", `pass:${passphrase}`],
    );
    return { p12: readFileSync(path.join(dir, "leaf.p12")), caPem: readFileSync(path.join(dir, "ca.pem"), "utf8") };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
