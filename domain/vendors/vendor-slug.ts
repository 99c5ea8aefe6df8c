import * as z from "zod/mini";

// A vendor company's link, /vendor_partner/<slug> (docs/product-rules.md#r22-every-company-has-a-link). The database
// derives the slug of a
// new company with the same rule (drizzle/, the vendor-links block, vendor_company_slug_for).

export const vendorSlugMaxLength = 50;

/** Lower-case letters and digits in runs joined by single hyphens: "ola-equipment". */
export const vendorSlugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const vendorSlugMessage =
  "Use lower-case letters, digits and single hyphens (for example ola-equipment), at most 50 characters.";

/** What staff may type as a company's slug. */
export const vendorSlug = z
  .string()
  .check(
    z.trim(),
    z.toLowerCase(),
    z.maxLength(vendorSlugMaxLength, vendorSlugMessage),
    z.regex(vendorSlugPattern, vendorSlugMessage),
  );

/** The slug a company name gives before a collision is resolved (the company code is then appended). */
export function slugFromName(name: string): string {
  const dashed = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  const cut = dashed.slice(0, vendorSlugMaxLength).replace(/^-+|-+$/g, "");
  return cut === "" ? "company" : cut;
}

/** The slug of a company whose derived slug is taken: made unique by its (unique) company code. */
export const slugWithCode = (slug: string, companyCode: string) => `${slug}-${companyCode}`;

/** A path segment that could be a vendor link at all (anything longer or stranger is a 404 without a query). */
export const vendorLinkSegmentPattern = /^[A-Za-z0-9_-]{1,60}$/;

/** The attribution field of public request bodies: the slug of the link the visitor came through. */
export const vendorSlugField = z.optional(z.string().check(z.regex(vendorLinkSegmentPattern)));

/**
 * A sales rep's own link: the company's slug, "--", and the rep's code
 * (docs/product-rules.md#r53-a-dealers-team). A company slug never holds "--", so the last one
 * splits the segment.
 */
export const repLinkSegment = (slug: string, linkCode: string) => `${slug}--${linkCode}`;

/** The link's slug and rep code, or null when the segment names no rep. */
export function splitRepLink(segment: string): { slug: string; linkCode: string } | null {
  const at = segment.lastIndexOf("--");
  if (at <= 0 || at + 2 >= segment.length) return null;
  return { slug: segment.slice(0, at), linkCode: segment.slice(at + 2) };
}
