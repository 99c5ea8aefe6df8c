import * as z from "zod/mini";
import { emailAddress } from "../forms/fields.ts";
import { vendorSlug } from "./vendor-slug.ts";
import { earningsPayoutModes } from "../earnings/earnings-shapes.ts";
import { endpoint } from "../http/endpoint.ts";
import { dealerRoleValues } from "../auth/dealer-roles.ts";
import { listCursor, listPage, listSearch, sortDirections } from "../http/list-page.ts";

/** The spec's wording; the team that sends the mail is the configured brand's (docs/product-rules.md#r48-one-brand-configuration). */
export const vendorSignUpMessages = {
  sent: (brandName: string) =>
    `verification was sent - Please ask new user to check email and click the link sent from ${brandName} Team!`,
  closeWindow: "Please make sure to close this window when you are finished!",
} as const;

/** /VendorSignUp (docs/product-rules.md#r19-vendor-sign-up): staff never choose the vendor's password. */
export const vendorSignUpRequest = z.object({
  firstName: z.string().check(z.trim(), z.minLength(1, "Please enter the first name."), z.maxLength(60)),
  companyId: z.string().check(z.regex(/^\d{6}$/, "The company ID has 6 digits.")),
  companyEmail: emailAddress(),
  companyName: z.string().check(z.trim(), z.maxLength(120)),
  companyAlreadyInSystem: z.boolean(),
});

export type VendorSignUpRequest = z.infer<typeof vendorSignUpRequest>;

export const vendorUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  verified: z.boolean(),
  active: z.boolean(),
  /** Their role in the company (docs/product-rules.md#r53-a-dealers-team). */
  dealerRole: z.enum(dealerRoleValues),
});

export type VendorUser = z.infer<typeof vendorUser>;

export const vendorSorts = ["name", "newest"] as const;
export type VendorSort = (typeof vendorSorts)[number];

/**
 * The back-office vendors list's view (docs/product-rules.md#r46-back-office-lists), kept in the page's URL: a search
 * (the company's
 * name, a user's name or e-mail), the sort (name A-Z by default, or newest first) and the page.
 */
export const vendorListQuery = z.object({
  q: listSearch,
  sort: z.optional(z.enum(vendorSorts)),
  dir: z.optional(z.enum(sortDirections)),
  cursor: z.optional(listCursor),
});

export type VendorListQuery = z.infer<typeof vendorListQuery>;

export const vendorListResponse = z.object({
  companies: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      companyCode: z.string(),
      /** The company's link address, /vendor_partner/<slug> (docs/product-rules.md#r22-every-company-has-a-link). */
      slug: z.string(),
      /** How the company's earnings are paid (docs/product-rules.md#r61-dealer-earnings). */
      earningsPayout: z.enum(earningsPayoutModes),
      users: z.array(vendorUser),
    }),
  ),
  page: listPage,
});

export type VendorCompany = z.infer<typeof vendorListResponse>["companies"][number];

/** Every company's id and name, by name: the deal list's vendor filter. */
export const vendorCompanyOptionsResponse = z.object({
  companies: z.array(z.object({ id: z.string(), name: z.string() })),
});

/** A company's new link address, by the slug rule (domain/vendors/vendor-slug.ts). */
export const vendorSlugRequest = z.object({ slug: vendorSlug });

export type VendorSlugRequest = z.infer<typeof vendorSlugRequest>;

export const vendorSlugTaken = "That link address is taken.";

const vendorUserParams = z.object({ userId: z.string() });
const done = z.object({ ok: z.literal(true) });

export const listVendorCompanies = endpoint({
  method: "GET",
  path: "/api/back-office/vendors",
  audience: "staff",
  summary: "Vendor companies and their users: search, sort, keyset pages and a capped total",
  tags: ["back office"],
  query: vendorListQuery,
  responses: { 200: vendorListResponse },
  errors: ["FORBIDDEN"],
});

export const listVendorCompanyOptions = endpoint({
  method: "GET",
  path: "/api/back-office/vendor-companies",
  audience: "staff",
  summary: "Every vendor company's id and name (the deal list's vendor filter)",
  tags: ["back office"],
  responses: { 200: vendorCompanyOptionsResponse },
  errors: ["FORBIDDEN"],
});

export const changeVendorCompanySlug = endpoint({
  method: "PATCH",
  path: "/api/back-office/vendors/companies/:companyId/slug",
  audience: "admin",
  summary: "Change a vendor company's link address (admins; the old address stops working)",
  tags: ["back office"],
  params: z.object({ companyId: z.uuid() }),
  body: vendorSlugRequest,
  responses: { 200: z.object({ slug: z.string() }) },
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT"],
});

export const inviteVendor = endpoint({
  method: "POST",
  path: "/api/back-office/vendors",
  audience: "admin",
  summary: "/VendorSignUp: create a vendor user and mail the invitation (admins)",
  tags: ["back office"],
  body: vendorSignUpRequest,
  responses: { 201: z.object({ userId: z.string(), companyId: z.string(), message: z.string() }) },
  errors: ["FORBIDDEN", "CONFLICT", "NOT_FOUND"],
});

export const deactivateVendor = endpoint({
  method: "POST",
  path: "/api/back-office/vendors/:userId/deactivate",
  audience: "admin",
  summary: "Deactivate a vendor user and end their sessions",
  tags: ["back office"],
  params: vendorUserParams,
  responses: { 200: done },
  errors: ["FORBIDDEN", "NOT_FOUND"],
});

export const reactivateVendor = endpoint({
  method: "POST",
  path: "/api/back-office/vendors/:userId/reactivate",
  audience: "admin",
  summary: "Reactivate a deactivated vendor user: they can sign in again and are told by e-mail",
  tags: ["back office"],
  params: vendorUserParams,
  responses: { 200: done },
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT"],
});

export const resendVendorInvitation = endpoint({
  method: "POST",
  path: "/api/back-office/vendors/:userId/resend-invitation",
  audience: "admin",
  summary: "Mail the invitation again, a new link valid for 7 days (unverified vendors)",
  tags: ["back office"],
  params: vendorUserParams,
  responses: { 200: done },
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT"],
});
