/**
 * A vendor company's slug as the co-branded pages use it (/vendor_partner/<slug>): the name in
 * lower case, every run of other characters a "-", trimmed of "-". The vendor-links branch adds
 * a stored slug column; this rule is its default and is replaced by it at merge.
 */
export function vendorSlug(companyName: string): string {
  return companyName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** What a slug may look like in a request. */
export const vendorSlugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
