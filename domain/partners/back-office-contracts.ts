import * as z from "zod/mini";
import { usPhone } from "../forms/fields.ts";
import { endpoint, type FileSlot } from "../http/endpoint.ts";
import { maxFileBytes } from "../deals/new-deal-schema.ts";
import { partnerResponse } from "./public-contracts.ts";

const color = z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, "Use a colour like #0f766e."));

/** A co-branded partner calculator as staff edit it; the logo is uploaded separately. */
export const partnerInput = z.object({
  slug: z.string().check(z.regex(/^[A-Za-z0-9_-]{2,60}$/, "Letters, digits, - and _ only.")),
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(80)),
  primaryColor: color,
  accentColor: color,
  vendorName: z.string().check(z.trim(), z.minLength(1), z.maxLength(22)),
  salesPerson: z.string().check(z.trim(), z.regex(/^[A-Za-z][A-Za-z\s]*$/, "Letters and spaces only.")),
  vendorPhone: usPhone(),
  /** The vendor company whose link (/vendor_partner/<company slug>) shows this branding (docs/product-rules.md#r24-partner-branding); empty or absent: none, a stand-alone partner. */
  vendorCompanyId: z.optional(z.union([z.literal(""), z.uuid("Choose a vendor company from the list.")])),
});

export type PartnerInput = z.infer<typeof partnerInput>;

/** The logo upload's one file, checked by content (the extension agreeing). */
const logoFile: FileSlot = {
  maxCount: 1,
  maxBytes: maxFileBytes,
  accept: { "image/png": ["png"], "image/jpeg": ["jpg", "jpeg"], "image/webp": ["webp"], "image/gif": ["gif"] },
  refusal: "Upload one PNG, JPEG, WebP or GIF image.",
};

/** The logo types a partner may upload. */
export const partnerLogoTypes = Object.keys(logoFile.accept);

export const adminPartner = z.extend(partnerResponse, {
  id: z.string(),
  /** The vendor company this partner brands; null for a stand-alone partner. */
  vendorCompany: z.nullable(z.object({ id: z.string(), name: z.string(), slug: z.string() })),
});

export type AdminPartner = z.infer<typeof adminPartner>;

const partnerParams = z.object({ id: z.uuid() });
const done = z.object({ ok: z.literal(true) });

export const listPartners = endpoint({
  method: "GET",
  path: "/api/back-office/partners",
  audience: "staff",
  summary: "Partner calculators",
  tags: ["back office"],
  responses: { 200: z.object({ partners: z.array(adminPartner) }) },
  errors: ["FORBIDDEN"],
});

export const createPartner = endpoint({
  method: "POST",
  path: "/api/back-office/partners",
  audience: "admin",
  summary: "Add a partner calculator",
  tags: ["back office"],
  body: partnerInput,
  responses: { 201: z.object({ id: z.string() }) },
  errors: ["FORBIDDEN", "CONFLICT", "NOT_FOUND"],
});

export const updatePartner = endpoint({
  method: "PUT",
  path: "/api/back-office/partners/:id",
  audience: "admin",
  summary: "Edit a partner calculator",
  tags: ["back office"],
  params: partnerParams,
  body: partnerInput,
  responses: { 200: done },
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT"],
});

/** Multipart: one file in the field `logo`. */
export const uploadPartnerLogo = endpoint({
  method: "POST",
  path: "/api/back-office/partners/:id/logo",
  audience: "admin",
  summary: "Upload a partner's logo (PNG, JPEG, WebP, GIF)",
  tags: ["back office"],
  params: partnerParams,
  multipart: { what: "the logo", fields: z.object({}), files: { logo: logoFile } },
  responses: { 200: done },
  errors: ["FORBIDDEN", "NOT_FOUND", "UNSUPPORTED_MEDIA_TYPE", "PAYLOAD_TOO_LARGE"],
});
