import { pdflibAddPlaceholder } from "@signpdf/placeholder-pdf-lib";
import { P12Signer } from "@signpdf/signer-p12";
import { SignPdf } from "@signpdf/signpdf";
import { SUBFILTER_ADOBE_PKCS7_DETACHED } from "@signpdf/utils";
import { PDFDocument } from "pdf-lib";
import type { SealingCertificate } from "./sealing-certificate.ts";

export type SealInfo = {
  /** Why the file is sealed ("Signed by every party; sealed by Keystone Equipment Capital"). */
  reason: string;
  /** Where ("Philadelphia, PA"). */
  location: string;
  /** How to reach the lender (an e-mail address or a phone number). */
  contactInfo: string;
  /** The sealer's name as readers show it (the lender's). */
  name: string;
  /** The signing time written in the signature (default: now). */
  signedAt?: Date;
};

/**
 * The PDF with the lender's digital signature over the whole file: a detached CMS
 * (adbe.pkcs7.detached, SHA-256) in an invisible signature field, so that a reader shows the file
 * as signed by the certificate's holder and unchanged since. The file's information dictionary
 * (its record id) is kept.
 */
export async function sealPdf(
  pdf: Uint8Array,
  cert: Pick<SealingCertificate, "p12" | "passphrase">,
  info: SealInfo,
): Promise<Buffer> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const signedAt = info.signedAt ?? new Date();
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: info.reason,
    location: info.location,
    contactInfo: info.contactInfo,
    name: info.name,
    signingTime: signedAt,
    subFilter: SUBFILTER_ADOBE_PKCS7_DETACHED,
    // Room for the signature and every certificate of the file's chain (the CMS carries them all).
    signatureLength: Math.max(8192, cert.p12.length + 4096),
  });
  const prepared = Buffer.from(await doc.save({ useObjectStreams: false }));
  return new SignPdf().sign(prepared, new P12Signer(cert.p12, { passphrase: cert.passphrase }), signedAt);
}
