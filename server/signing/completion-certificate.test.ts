import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { opensslVerifyPdf } from "../../tests/support/openssl-pdf-signature.ts";
import { readPdf } from "../../tests/support/pdf-text.ts";
import {
  certificateTime,
  renderCompletionCertificate,
  type CompletionCertificateInput,
} from "./completion-certificate.ts";
import { readSealedPdf } from "./read-sealed-pdf.ts";
import { sealPdf } from "./seal-pdf.ts";
import { generateSealingP12 } from "./sealing-certificate.ts";

const at = (time: string) => new Date(`2026-11-28T${time}Z`);
const packageId = randomUUID();
const sha = (digit: string) => digit.repeat(64);
const input: CompletionCertificateInput = {
  recordId: packageId,
  packageId,
  accountNumber: "KEC-24117",
  businessName: "Lakeside Auto Body LLC",
  lender: { name: "Keystone Equipment Capital", accentColor: "#094a8c" },
  completedAt: at("16:30:00"),
  documents: [
    { title: "Equipment Finance Agreement", sha256: sha("a") },
    { title: "Personal Guaranty (Morgan T. Lee)", sha256: sha("b") },
    { title: "Delivery and Acceptance Certificate", sha256: sha("c") },
  ],
  signers: [
    {
      name: "Dana R. Whitfield",
      email: "dana@lakeside-autobody.example",
      role: "for Lakeside Auto Body LLC (Managing Member)",
      ipAddress: "203.0.113.24",
      userAgent:
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1",
      consentedAt: at("15:01:10"),
      codeVerifiedAt: at("15:00:42"),
      firstViewedAt: at("15:01:15"),
      signatures: [
        { document: "Equipment Finance Agreement", signedAt: at("15:09:03") },
        { document: "Delivery and Acceptance Certificate", signedAt: at("15:10:47") },
      ],
      inPersonAt: null,
    },
    {
      name: "Morgan T. Lee",
      email: "morgan@x.example",
      role: "Guarantor",
      ipAddress: "2001:db8::17",
      userAgent: null,
      consentedAt: at("16:20:00"),
      codeVerifiedAt: at("16:19:30"),
      firstViewedAt: null,
      signatures: [{ document: "Personal Guaranty (Morgan T. Lee)", signedAt: at("16:29:59") }],
      inPersonAt: "Allegheny Shop Equipment Inc.",
    },
  ],
};

describe("renderCompletionCertificate", () => {
  it("prints the package, each document's SHA-256 and each signer's record", async () => {
    const pdf = await renderCompletionCertificate(input);
    const { doc, pages } = await readPdf(pdf);
    expect(doc.getTitle()).toBe("Certificate of completion");
    const text = pages.join(" ");
    for (const expected of [
      "Certificate of completion",
      "KEC-24117",
      "Lakeside Auto Body LLC",
      "Keystone Equipment Capital",
      "2026-11-28 16:30:00 UTC",
      packageId,
      "Equipment Finance Agreement",
      "Personal Guaranty (Morgan T. Lee)",
      "Dana R. Whitfield, for Lakeside Auto Body LLC (Managing Member)",
      "dana@lakeside-autobody.example",
      "203.0.113.24",
      "Consent to electronic records 2026-11-28 15:01:10 UTC",
      "E-mail code verified 2026-11-28 15:00:42 UTC",
      "Documents first viewed 2026-11-28 15:01:15 UTC",
      "Signed: Equipment Finance Agreement 2026-11-28 15:09:03 UTC",
      "Signed: Delivery and Acceptance Certificate 2026-11-28 15:10:47 UTC",
      "Remotely, through a link mailed to the signer",
      "Morgan T. Lee, Guarantor",
      "2001:db8::17",
      "Signed in person at Allegheny Shop Equipment Inc., on its device",
      "Documents first viewed not recorded",
      "Signed: Personal Guaranty (Morgan T. Lee) 2026-11-28 16:29:59 UTC",
    ])
      expect(text).toContain(expected);
    // The hashes and the user agent whole, whatever the cells' wrapping.
    const joined = text.replace(/\s/g, "");
    for (const digit of ["a", "b", "c"]) expect(joined).toContain(sha(digit));
    expect(joined).toContain(input.signers[0]!.userAgent!.replace(/\s/g, ""));
    expect(Buffer.from(pdf).toString("latin1")).toContain(`/RecordId (${packageId})`);
  });

  it("is sealed like the documents: OpenSSL verifies it, and readSealedPdf finds its record", async () => {
    const sealed = await sealPdf(
      await renderCompletionCertificate(input),
      { p12: generateSealingP12("Keystone Equipment Capital", "p"), passphrase: "p" },
      { reason: "Certificate of completion", location: "Philadelphia, PA", contactInfo: "x", name: "Keystone" },
    );
    expect(opensslVerifyPdf(sealed).ok).toBe(true);
    expect(readSealedPdf(sealed)).toEqual({ recordId: packageId, signed: true, intact: true });
  });

  it("writes times in UTC, to the second", () => {
    expect(certificateTime(new Date("2026-01-02T03:04:05.678Z"))).toBe("2026-01-02 03:04:05 UTC");
    expect(certificateTime(null)).toBe("not recorded");
  });
});
