import { execFileSync } from "node:child_process";
import { randomUUID, X509Certificate } from "node:crypto";
import { writeFileSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { writeBackupArchive } from "../backup/backup-archive.ts";
import { createBackupSigner } from "../backup/backup-signature.ts";
import { opensslIssuedP12 } from "../../tests/support/openssl-pdf-signature.ts";
import { openDatabase } from "../db/client.ts";
import {
  describeP12,
  generatedCertificateFile,
  generatedPassphraseFile,
  generateSealingP12,
  loadSealingCertificate,
  SealingCertificateError,
} from "./sealing-certificate.ts";

const lenderName = "Keystone Equipment Capital";

/** The certificate of a PKCS#12 file as OpenSSL reads it (an independent reader of what forge wrote), PEM. */
function opensslCertificatePem(p12: Buffer, passphrase: string, dir: string): string {
  const file = path.join(dir, `read-${randomUUID()}.p12`);
  writeFileSync(file, p12);
  return execFileSync("openssl", [
    "pkcs12",
    "-in",
    file,
    "-nokeys",
    "-clcerts",
    "-passin",
    `pass:${passphrase}`,
  ]).toString();
}

const opensslCertificateText = (p12: Buffer, passphrase: string, dir: string) =>
  execFileSync("openssl", ["x509", "-noout", "-text"], {
    input: opensslCertificatePem(p12, passphrase, dir),
  }).toString();

describe("the lender's sealing certificate", () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "sealing-certificate-"));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it("is generated once into DATA_DIR/keys for the local demo (0600 files, a 0700 folder), then read back", async () => {
    const dataDir = path.join(root, "demo");
    const generated: string[] = [];
    const first = await loadSealingCertificate({
      dataDir,
      production: false,
      lenderName,
      onGenerated: (file) => generated.push(file),
    });
    const keys = path.join(dataDir, "keys");
    expect(generated.sort()).toEqual(
      [path.join(keys, generatedCertificateFile), path.join(keys, generatedPassphraseFile)].sort(),
    );
    expect((await stat(keys)).mode & 0o777).toBe(0o700);
    for (const file of generated) expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(first.passphrase).toBe((await readFile(path.join(keys, generatedPassphraseFile), "utf8")).trim());
    expect(first.p12.equals(await readFile(path.join(keys, generatedCertificateFile)))).toBe(true);
    expect(first).toMatchObject({
      subject: `CN=${lenderName}, O=${lenderName}, OU=Document sealing, C=US`,
      fingerprintSha256: expect.stringMatching(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/),
      selfSigned: true,
    });

    const again = await loadSealingCertificate({
      dataDir,
      production: false,
      lenderName: "Another Name",
      onGenerated: (file) => generated.push(file),
    });
    expect(generated).toHaveLength(2);
    expect(again.fingerprintSha256).toBe(first.fingerprintSha256);
    expect(again.subject).toBe(first.subject);
  });

  it("is a self-signed RSA 2048 certificate for signing documents, valid ten years, as OpenSSL reads it", () => {
    const now = new Date("2026-11-27T12:00:00Z");
    const p12 = generateSealingP12(lenderName, "a passphrase", now);
    const text = opensslCertificateText(p12, "a passphrase", root);
    expect(text).toContain("Public-Key: (2048 bit)");
    expect(text).toContain("Signature Algorithm: sha256WithRSAEncryption");
    expect(text).toMatch(/X509v3 Key Usage: critical\s+Digital Signature, Non Repudiation/);
    expect(text).toMatch(/X509v3 Basic Constraints: critical\s+CA:FALSE/);
    expect(text).toContain("E-mail Protection");
    expect(text).toContain("1.3.6.1.4.1.311.10.3.12");
    expect(text).toContain(`Subject: CN = ${lenderName}, O = ${lenderName}, OU = Document sealing, C = US`);
    const described = describeP12(p12, "a passphrase");
    expect(described.notAfter).toEqual(new Date("2036-11-27T12:00:00Z"));
    expect(described.selfSigned).toBe(true);
  });

  it("comes from SIGNING_CERTIFICATE_P12 and its passphrase when configured, and nothing is generated", async () => {
    const p12 = generateSealingP12("Configured Lender LLC", "configured passphrase");
    const dataDir = path.join(root, "configured");
    const loaded = await loadSealingCertificate({
      p12Base64: p12.toString("base64").replace(/(.{64})/g, "$1\n"),
      passphrase: "configured passphrase",
      dataDir,
      production: true,
      lenderName,
      onGenerated: () => {
        throw new Error("generated a certificate although one is configured");
      },
    });
    expect(loaded.p12.equals(p12)).toBe(true);
    expect(loaded.subject).toContain("CN=Configured Lender LLC");
    expect(loaded.fingerprintSha256).toBe(
      new X509Certificate(opensslCertificatePem(p12, "configured passphrase", root)).fingerprint256,
    );
    await expect(stat(dataDir)).rejects.toThrow("ENOENT");
  });

  it("refuses a wrong passphrase, a file that is not PKCS#12, and production without a configured certificate", async () => {
    const p12 = generateSealingP12(lenderName, "right");
    const load = (p12Base64: string | undefined, passphrase?: string, production = false) =>
      loadSealingCertificate({ p12Base64, passphrase, dataDir: path.join(root, "refused"), production, lenderName });
    await expect(load(p12.toString("base64"), "wrong")).rejects.toThrow(
      /The signing certificate could not be opened with its passphrase \(.*Invalid password/,
    );
    await expect(load(Buffer.from("not a p12 file").toString("base64"), "x")).rejects.toThrow(SealingCertificateError);
    const leafOnly = opensslIssuedP12(lenderName, "x", false);
    await expect(load(leafOnly.p12.toString("base64"), "x")).rejects.toThrow(
      "The signing certificate's file lacks the certificate that issued it: export the .p12 with its chain",
    );
    const withChain = opensslIssuedP12(lenderName, "x", true);
    expect(await load(withChain.p12.toString("base64"), "x")).toMatchObject({
      selfSigned: false,
      subject: `CN=${lenderName}`,
    });
    await expect(load(undefined, undefined, true)).rejects.toThrow("SIGNING_CERTIFICATE_P12 is required in production");
    await expect(stat(path.join(root, "refused"))).rejects.toThrow("ENOENT");
  });

  it("is never in a backup: the archive holds the database and DATA_DIR/files only", async () => {
    const dataDir = path.join(root, "backed-up");
    const certificate = await loadSealingCertificate({ dataDir, production: false, lenderName });
    const filesRoot = path.join(dataDir, "files");
    await mkdir(path.join(filesRoot, "deals"), { recursive: true });
    await writeFile(path.join(filesRoot, "deals", "sealed.pdf"), "%PDF-1.7 a stored file");
    const database = await openDatabase({
      driver: "pglite",
      loadDataDir: new Blob([await readFile(inject("pgliteSnapshot"))]),
    });
    const archive = path.join(root, "backup.tar.gz");
    try {
      await writeBackupArchive({
        pglite: database.pglite!,
        filesRoot,
        workDir: path.join(dataDir, "backups"),
        out: archive,
        takenBy: "offline",
        signer: createBackupSigner(certificate.passphrase),
      });
    } finally {
      await database.close();
    }
    const entries: string[] = [];
    await tar.list({ file: archive, onReadEntry: (entry) => entries.push(entry.path) });
    expect(entries.filter((entry) => entry.includes("keys") || entry.includes("signing-certificate"))).toEqual([]);
    expect(entries).toContain("files/deals/sealed.pdf");
    expect((await readdir(path.join(dataDir, "keys"))).sort()).toEqual(
      [generatedPassphraseFile, generatedCertificateFile].sort(),
    );
    // Neither the key file's bytes nor its passphrase anywhere in the archive (the dump is stored uncompressed in it).
    const unpacked = gunzipSync(await readFile(archive));
    expect(unpacked.includes(certificate.p12)).toBe(false);
    expect(unpacked.includes(Buffer.from(certificate.passphrase))).toBe(false);
  });
});
