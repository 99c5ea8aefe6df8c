import * as z from "zod/mini";
import { endpoint } from "../http/endpoint.ts";
import { maxFileBytes } from "../deals/new-deal-schema.ts";

// Checking a PDF against the signing record (docs/product-rules.md#r57-documents-and-e-signature): the
// file is read, compared and discarded, never kept.

export const verifyOutcomes = ["valid", "tampered", "unknown"] as const;
export type VerifyOutcome = (typeof verifyOutcomes)[number];

/** What the screen says for each outcome. */
export const verifyMessages: Record<VerifyOutcome, string> = {
  valid: "Valid: this file is exactly the one we sealed, and its digital seal is intact.",
  tampered: "Changed: this file names one of our sealed documents but is not the file we sealed. Do not rely on it.",
  unknown: "Unknown: we have no record of this file. It was not sealed by us, or not from a package we completed.",
};

export const verifiedRecord = z.object({
  title: z.string(),
  accountNumber: z.string(),
  businessName: z.string(),
  dealId: z.string(),
  completedAt: z.nullable(z.string()),
  /** The SHA-256 of the file as we sealed it. */
  sha256: z.string(),
});

export const verifySealedFileResponse = z.object({
  outcome: z.enum(verifyOutcomes),
  message: z.string(),
  /** The SHA-256 of the file sent. */
  sha256: z.string(),
  /** The record the file matches or claims to be. */
  record: z.nullable(verifiedRecord),
});
export type VerifySealedFileResult = z.infer<typeof verifySealedFileResponse>;

export const verifySealedFile = endpoint({
  method: "POST",
  path: "/api/back-office/signing/verify",
  audience: "staff",
  summary: "Check a PDF against the signing record: valid, changed or unknown (the file is not kept; audited)",
  tags: ["back office"],
  multipart: {
    what: "the PDF to check",
    fields: z.object({}),
    files: {
      file: {
        maxCount: 1,
        maxBytes: maxFileBytes,
        accept: { "application/pdf": ["pdf"] },
        refusal: "Choose a PDF file.",
        required: "Choose the PDF to check.",
      },
    },
  },
  responses: { 200: verifySealedFileResponse },
  errors: ["FORBIDDEN", "BAD_REQUEST", "UNSUPPORTED_MEDIA_TYPE", "PAYLOAD_TOO_LARGE"],
});
