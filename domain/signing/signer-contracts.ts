import * as z from "zod/mini";
import { endpoint } from "../http/endpoint.ts";
import { packageStatusValues } from "./package-status.ts";
import { declineReasonMaxLength, signerCodeLength, signerLinkTokenPattern, signerMessages } from "./signer-access.ts";

// The signer's ceremony (docs/product-rules.md#r57-documents-and-e-signature): a request mail's token asks
// for a one-time code, the code opens a session (an httpOnly cookie), the session consents to electronic
// records, reads, adopts a signature and signs each of the signer's own documents, or declines.

export const signerLinkToken = z.string().check(z.regex(signerLinkTokenPattern, signerMessages.linkUnknown));

export const signerCode = z
  .string()
  .check(z.trim(), z.regex(new RegExp(`^\\d{${signerCodeLength}}$`), signerMessages.codeInvalid));

export const signerCodeSent = z.object({
  /** Where the code went, masked ("d•••@harbor.example"). */
  sentTo: z.string(),
  expiresInMinutes: z.number(),
});

export const requestSignerCode = endpoint({
  method: "POST",
  path: "/api/signer/code",
  audience: "public",
  summary: "E-mail a one-time code to the signer a signing request's link names",
  tags: ["signer"],
  body: z.object({ token: signerLinkToken }),
  responses: { 200: signerCodeSent },
  errors: ["GONE", "CONFLICT"],
});

export const signerSessionRequest = z.object({ token: signerLinkToken, code: signerCode });

export const startSignerSession = endpoint({
  method: "POST",
  path: "/api/signer/session",
  audience: "public",
  summary: "Confirm the mailed code: opens the signer's documents for two hours (an httpOnly cookie)",
  tags: ["signer"],
  body: signerSessionRequest,
  responses: { 200: z.object({ ok: z.literal(true) }) },
  errors: ["GONE", "CONFLICT"],
});

export const endSignerSession = endpoint({
  method: "POST",
  path: "/api/signer/sign-out",
  audience: "signer",
  summary: "Close signing on this device",
  tags: ["signer"],
  responses: { 200: z.object({ ok: z.literal(true) }) },
  errors: [],
});

const pageLine = z.object({
  style: z.enum(["title", "heading", "body", "bold", "small", "table-header", "table-row"]),
  cells: z.array(z.string()),
});

const documentPage = z.object({ number: z.number(), lines: z.array(pageLine) });

const signingField = z.object({
  id: z.string(),
  kind: z.enum(["signature", "initials", "date", "name"]),
  page: z.number(),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
});

export const signerDocument = z.object({
  id: z.string(),
  title: z.string(),
  pageCount: z.number(),
  pages: z.array(documentPage),
  fields: z.array(signingField),
  /** When the signer signed it (ISO), or null. */
  signedAt: z.nullable(z.string()),
});
export type SignerDocument = z.infer<typeof signerDocument>;

export const adoptedSignatureView = z.object({
  name: z.string(),
  initials: z.string(),
  kind: z.enum(["typed", "drawn"]),
  drawnPng: z.nullable(z.string()),
  drawnInitialsPng: z.nullable(z.string()),
});

export const signerCeremony = z.object({
  /** The session's own signer (an in-person page checks it is the one it started). */
  signerId: z.string(),
  lenderName: z.string(),
  signerName: z.string(),
  /** The business the documents are for. */
  businessName: z.string(),
  /** Opened on a dealer's device, in person: the dealer's name for the banner. */
  inPerson: z.nullable(z.object({ dealerName: z.string() })),
  status: z.enum(packageStatusValues),
  /** It is this signer's turn (always, unless the package is signed in order and someone signs first). */
  yourTurn: z.boolean(),
  /** Why the signer cannot sign now (not their turn, package completed), in plain words; null otherwise. */
  message: z.nullable(z.string()),
  consentedAt: z.nullable(z.string()),
  /** Every document of theirs signed. */
  signedAt: z.nullable(z.string()),
  adopted: z.nullable(adoptedSignatureView),
  /** The signer's own documents: null until they consented to electronic records. */
  documents: z.nullable(z.array(signerDocument)),
  /** When signing closes on this device (ISO); a session is never extended. */
  sessionEndsAt: z.string(),
});
export type SignerCeremony = z.infer<typeof signerCeremony>;

export const getSignerCeremony = endpoint({
  method: "GET",
  path: "/api/signer/ceremony",
  audience: "signer",
  summary:
    "The signer's ceremony: the lender, their name, whose turn, consent; after consent their own documents' pages and fields; never another signer's",
  tags: ["signer"],
  responses: { 200: signerCeremony },
  errors: ["GONE"],
});

export const signerConsentRequest = z.object({
  agree: z.literal(true, signerMessages.consentFirst),
});

export const giveSignerConsent = endpoint({
  method: "POST",
  path: "/api/signer/consent",
  audience: "signer",
  summary: "Consent to electronic records and signatures (the ESIGN disclosure), recorded with address and browser",
  tags: ["signer"],
  body: signerConsentRequest,
  responses: { 200: z.object({ ok: z.literal(true) }) },
  errors: ["GONE"],
});

export const signerDocumentParams = z.object({ documentId: z.uuid() });

export const downloadSignerDocument = endpoint({
  method: "GET",
  path: "/api/signer/documents/:documentId/pdf",
  audience: "signer",
  summary: "Download one of the signer's own documents as generated (a paper copy), after consent",
  tags: ["signer"],
  params: signerDocumentParams,
  responses: {},
  download: true,
  errors: ["NOT_FOUND", "CONFLICT", "GONE"],
});

/** A drawn signature: a PNG as base64 (no data: prefix). "iVBORw0KGgo" is the PNG signature's base64. */
export const drawnPngMaxLength = 300_000;
const drawnPng = z
  .string()
  .check(
    z.maxLength(drawnPngMaxLength, "The drawn signature is too large. Clear it and draw it again, or type it."),
    z.regex(/^iVBORw0KGgo[A-Za-z0-9+/]*={0,2}$/, "The drawn signature is not a picture we can use. Type it instead."),
  );

const trimmedText = (max: number, empty: string) =>
  z.string().check(z.trim(), z.minLength(1, empty), z.maxLength(max, `Please use at most ${max} characters.`));

export const adoptedSignatureInput = z
  .object({
    kind: z.enum(["typed", "drawn"]),
    name: trimmedText(120, "Type your full name."),
    initials: trimmedText(6, "Type your initials."),
    drawnPng: z.optional(drawnPng),
    drawnInitialsPng: z.optional(drawnPng),
  })
  .check(
    z.refine((value) => value.kind !== "drawn" || value.drawnPng !== undefined, {
      error: "Draw your signature, or choose Type.",
      path: ["drawnPng"],
    }),
  );
export type AdoptedSignatureInput = z.infer<typeof adoptedSignatureInput>;

export const signDocumentRequest = z.object({
  /** Required for the first document; later ones use the signature adopted then. */
  signature: z.optional(adoptedSignatureInput),
  /** The explicit act under the intent statement (domain/signing/esign-disclosure.ts). */
  intent: z.literal(true, signerMessages.intentRequired),
});

export const signSignerDocument = endpoint({
  method: "POST",
  path: "/api/signer/documents/:documentId/sign",
  audience: "signer",
  summary: "Sign one of the signer's own documents under the intent statement, adopting the signature the first time",
  tags: ["signer"],
  params: signerDocumentParams,
  body: signDocumentRequest,
  responses: { 200: z.object({ ok: z.literal(true), signedAt: z.string(), finished: z.boolean() }) },
  errors: ["NOT_FOUND", "CONFLICT", "GONE"],
});

export const declineRequest = z.object({
  reason: trimmedText(declineReasonMaxLength, signerMessages.declineReasonRequired),
});

export const declineToSign = endpoint({
  method: "POST",
  path: "/api/signer/decline",
  audience: "signer",
  summary: "Decline to sign, with a reason: the package ends for every signer; the credit team and the dealer are told",
  tags: ["signer"],
  body: declineRequest,
  responses: { 200: z.object({ ok: z.literal(true) }) },
  errors: ["CONFLICT", "GONE"],
});
