import { generateKeyPairSync, randomBytes, X509Certificate } from "node:crypto";
import { chmod, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import forge from "node-forge";
import { ensurePrivateDirectory } from "../private-directory.ts";
import { configuredOrGeneratedSecret } from "../secrets.ts";

/** The lender's certificate and key that seal completed packages' files, as a PKCS#12 file. */
export type SealingCertificate = {
  p12: Buffer;
  passphrase: string;
  /** The certificate's subject, one line ("CN=Keystone Equipment Capital, O=..."). */
  subject: string;
  /** SHA-256 of the certificate, colon-separated hex as readers show it. */
  fingerprintSha256: string;
  notAfter: Date;
  /** Generated into DATA_DIR/keys for the local demo: readers show it as signed by an unknown identity. */
  selfSigned: boolean;
};

export type SealingCertificateSource = {
  /** SIGNING_CERTIFICATE_P12: the PKCS#12 file, base64. */
  p12Base64?: string;
  /** SIGNING_CERTIFICATE_PASSPHRASE. */
  passphrase?: string;
  dataDir: string;
  production: boolean;
  /** The generated certificate's subject (the local demo only). */
  lenderName: string;
  onGenerated?: (file: string) => void;
};

export class SealingCertificateError extends Error {}

export const generatedCertificateFile = "signing-certificate.p12";
export const generatedPassphraseFile = "signing-certificate-passphrase";

/**
 * Reads a PKCS#12 file as the signer will (@signpdf/signer-p12: an encrypted key bag and the
 * certificate of that key among its certificates), or throws a message that says what is wrong.
 */
export function describeP12(p12: Buffer, passphrase: string): Omit<SealingCertificate, "p12" | "passphrase"> {
  let bags: forge.pkcs12.Pkcs12Pfx;
  try {
    bags = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(p12.toString("binary")), false, passphrase);
  } catch (error) {
    throw new SealingCertificateError(
      `The signing certificate could not be opened with its passphrase (${(error as Error).message})`,
    );
  }
  const key = bags.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag]?.[0]
    ?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key) throw new SealingCertificateError("The signing certificate's file holds no encrypted private key");
  const certificates = (bags.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? [])
    .map((bag) => bag.cert)
    .filter((cert): cert is forge.pki.Certificate => cert !== undefined);
  const own = certificates.find((cert) => {
    const publicKey = cert.publicKey as forge.pki.rsa.PublicKey;
    return publicKey.n?.compareTo(key.n) === 0 && publicKey.e?.compareTo(key.e) === 0;
  });
  if (!own) throw new SealingCertificateError("The signing certificate's file holds no certificate of its key");
  const x509s = certificates.map(
    (cert) =>
      new X509Certificate(Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), "binary")),
  );
  const x509 = x509s[certificates.indexOf(own)]!;
  // The sealed files carry the file's certificates: with the issuer among them readers can build
  // the chain, and readSealedPdf can tell the signer's certificate was not edited.
  if (!x509s.some((issuer) => x509.verify(issuer.publicKey)))
    throw new SealingCertificateError(
      "The signing certificate's file lacks the certificate that issued it: export the .p12 with its chain (the intermediate certificates)",
    );
  return {
    subject: x509.subject.split("\n").join(", "),
    fingerprintSha256: x509.fingerprint256,
    notAfter: new Date(x509.validTo),
    selfSigned: x509.issuer === x509.subject && x509.verify(x509.publicKey),
  };
}

/** A self-signed RSA 2048 certificate for the lender's name, for signing documents, valid 10 years, as a PKCS#12 file. */
export function generateSealingP12(lenderName: string, passphrase: string, now = new Date()): Buffer {
  const pair = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const privateKey = forge.pki.privateKeyFromPem(pair.privateKey.export({ type: "pkcs1", format: "pem" }).toString());
  const publicKey = forge.pki.publicKeyFromPem(pair.publicKey.export({ type: "spki", format: "pem" }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  // A positive serial: 16 random bytes, the top bit clear.
  const serial = randomBytes(16);
  serial[0]! &= 0x7f;
  cert.serialNumber = serial.toString("hex");
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = new Date(now);
  cert.validity.notAfter.setUTCFullYear(now.getUTCFullYear() + 10);
  const name = [
    { name: "commonName", value: lenderName },
    { name: "organizationName", value: lenderName },
    { shortName: "OU", value: "Document sealing" },
    { name: "countryName", value: "US" },
  ];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    { name: "basicConstraints", cA: false, critical: true },
    { name: "keyUsage", digitalSignature: true, nonRepudiation: true, critical: true },
    // Document signing (Microsoft's purpose, which Adobe's readers accept) and e-mail protection.
    { name: "extKeyUsage", emailProtection: true, "1.3.6.1.4.1.311.10.3.12": true },
    { name: "subjectKeyIdentifier" },
  ]);
  cert.sign(privateKey, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(privateKey, [cert], passphrase, {
    algorithm: "3des",
    friendlyName: `${lenderName} document sealing`,
  });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), "binary");
}

/**
 * The lender's sealing certificate: from SIGNING_CERTIFICATE_P12 and SIGNING_CERTIFICATE_PASSPHRASE,
 * or else (never in production) a self-signed one generated once into DATA_DIR/keys (0600), kept
 * out of backups with the other keys there.
 */
export async function loadSealingCertificate(source: SealingCertificateSource): Promise<SealingCertificate> {
  if (source.p12Base64) {
    const p12 = Buffer.from(source.p12Base64.replace(/\s/g, ""), "base64");
    const passphrase = source.passphrase ?? "";
    return { p12, passphrase, ...describeP12(p12, passphrase) };
  }
  if (source.production)
    throw new SealingCertificateError(
      "SIGNING_CERTIFICATE_P12 is required in production: a generated certificate would sit beside the data and differ per server",
    );
  const notify = source.onGenerated ?? (() => {});
  const passphrase = await configuredOrGeneratedSecret(undefined, source.dataDir, generatedPassphraseFile, notify);
  const dir = path.join(source.dataDir, "keys");
  const file = path.join(dir, generatedCertificateFile);
  await ensurePrivateDirectory(dir);
  const existing = await readFile(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw error;
  });
  let p12: Buffer;
  if (existing) {
    await chmod(file, 0o600);
    p12 = existing;
  } else {
    p12 = generateSealingP12(source.lenderName, passphrase);
    await writeFile(file, p12, { mode: 0o600, flag: "wx" });
    notify(file);
  }
  return { p12, passphrase, ...describeP12(p12, passphrase) };
}
