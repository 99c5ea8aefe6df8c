import * as z from "zod/mini";
import { endpoint } from "../http/endpoint.ts";
import { agreementDocumentKinds } from "./package-shapes.ts";
import { packageStatusValues, signerStatusValues } from "./package-status.ts";
import { signerInput, signersProblem, type SignerInput } from "./package-rules.ts";

// The agreement package in the back office (docs/product-rules.md#r57-documents-and-e-signature): staff
// generate it from the approval, preview it, set its signers, send, void and resend it.

const idParams = z.object({ id: z.uuid() });
const at = z.nullable(z.string());

export const staffSigningPackage = z.object({
  id: z.string(),
  status: z.enum(packageStatusValues),
  inOrder: z.boolean(),
  createdAt: z.string(),
  createdBy: z.string(),
  sentAt: at,
  expiresAt: at,
  completedAt: at,
  endedAt: at,
  endedReason: z.string(),
  documents: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(agreementDocumentKinds),
      title: z.string(),
      templateVersion: z.number(),
      pageCount: z.number(),
      signerId: z.string(),
      signedAt: at,
    }),
  ),
  signers: z.array(
    z.object({
      id: z.string(),
      position: z.number(),
      name: z.string(),
      email: z.string(),
      title: z.string(),
      signsForBusiness: z.boolean(),
      guarantor: z.boolean(),
      status: z.enum(signerStatusValues),
      notifiedAt: at,
      codeVerifiedAt: at,
      consentedAt: at,
      firstViewedAt: at,
      signedAt: at,
      declinedAt: at,
      declineReason: z.string(),
      inPerson: z.boolean(),
      remindersSent: z.number(),
    }),
  ),
  /** The sealed files of a completed package: each document and the certificate of completion. */
  sealedFiles: z.array(
    z.object({ id: z.string(), title: z.string(), sha256: z.string(), dealDocumentId: z.nullable(z.string()) }),
  ),
  /** Every step, oldest first: what, who, when. */
  events: z.array(z.object({ kind: z.string(), who: z.string(), detail: z.string(), at: z.string() })),
});
export type StaffSigningPackage = z.infer<typeof staffSigningPackage>;

export const dealSigningResponse = z.object({
  /** Newest first. */
  packages: z.array(staffSigningPackage),
  /** Why a new package cannot be generated now; null when it can. */
  generationProblem: z.nullable(z.string()),
  /** The signers the application suggests (its owners), to start the form with. */
  suggestedSigners: z.array(signerInput),
});
export type DealSigning = z.infer<typeof dealSigningResponse>;

/** The generate form: signers and whether they sign in order (the form's and the route's schema). */
export const generatePackageInput = z.object({
  signers: z.array(signerInput).check(
    z.maxLength(20, "Please use at most 20 signers."),
    // Only once every signer parsed: the rule reads their fields.
    z.refine((signers) => signersProblem(signers) === null, {
      error: (issue) => signersProblem(issue.input as SignerInput[]) ?? "Check the signers.",
      when: (payload) => payload.issues.length === 0,
    }),
  ),
  inOrder: z.boolean(),
  /** A lease agreement instead of the equipment finance agreement (a lease program). */
  lease: z.boolean(),
});
export type GeneratePackageInput = z.infer<typeof generatePackageInput>;

export const getDealSigning = endpoint({
  method: "GET",
  path: "/api/back-office/deals/:id/signing",
  audience: "staff",
  summary: "A deal's agreement packages with every signer's progress, and whether a new one can be generated",
  tags: ["back office"],
  params: idParams,
  responses: { 200: dealSigningResponse },
  errors: ["FORBIDDEN", "NOT_FOUND"],
});

export const generateSigningPackage = endpoint({
  method: "POST",
  path: "/api/back-office/deals/:id/signing",
  audience: "staff",
  summary: "Generate a draft agreement package from the deal's approval for the signers given (audited)",
  tags: ["back office"],
  params: idParams,
  body: generatePackageInput,
  responses: { 201: dealSigningResponse },
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT"],
});

export const signingDocumentPreview = z.object({
  id: z.string(),
  title: z.string(),
  dealId: z.string(),
  /** Where the signer fills in: signature, initials, name, date. */
  fields: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(["signature", "initials", "date", "name"]),
      page: z.number(),
      x: z.number(),
      y: z.number(),
      width: z.number(),
      height: z.number(),
    }),
  ),
  pages: z.array(
    z.object({
      number: z.number(),
      lines: z.array(
        z.object({
          style: z.enum(["title", "heading", "body", "bold", "small", "table-header", "table-row"]),
          cells: z.array(z.string()),
        }),
      ),
    }),
  ),
});

export const previewSigningDocument = endpoint({
  method: "GET",
  path: "/api/back-office/signing-documents/:id",
  audience: "staff",
  summary: "Every page of a package's document as generated, for the preview",
  tags: ["back office"],
  params: idParams,
  responses: { 200: signingDocumentPreview },
  errors: ["FORBIDDEN", "NOT_FOUND"],
});

export const downloadSigningDocument = endpoint({
  method: "GET",
  path: "/api/back-office/signing-documents/:id/pdf",
  audience: "staff",
  summary: "A package's document as generated (PDF), before signatures",
  tags: ["back office"],
  params: idParams,
  responses: {},
  download: true,
  errors: ["FORBIDDEN", "NOT_FOUND"],
});

export const sendSigningPackage = endpoint({
  method: "POST",
  path: "/api/back-office/signing-packages/:id/send",
  audience: "staff",
  summary: "Send a draft package for signature: the signers are mailed, the deal moves to Docs Out (audited, webhook)",
  tags: ["back office"],
  params: idParams,
  responses: { 200: dealSigningResponse },
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT"],
});

export const voidPackageInput = z.object({
  reason: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, "Say why the documents are voided."),
      z.maxLength(500, "Please use at most 500 characters."),
    ),
});

export const voidSigningPackage = endpoint({
  method: "POST",
  path: "/api/back-office/signing-packages/:id/void",
  audience: "staff",
  summary: "Void a draft or sent package with a reason; signers who were asked are told (audited)",
  tags: ["back office"],
  params: idParams,
  body: voidPackageInput,
  responses: { 200: dealSigningResponse },
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT"],
});

export const resendSignerParams = z.object({ id: z.uuid(), signerId: z.uuid() });

export const resendSigningRequest = endpoint({
  method: "POST",
  path: "/api/back-office/signing-packages/:id/signers/:signerId/resend",
  audience: "staff",
  summary: "Mail a signer who has not signed a new link to their documents (audited)",
  tags: ["back office"],
  params: resendSignerParams,
  responses: { 200: dealSigningResponse },
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT", "RATE_LIMITED"],
});
