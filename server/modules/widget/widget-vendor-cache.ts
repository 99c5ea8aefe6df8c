import type { Database } from "../../db/client.ts";
import { findVendorCompanyBySlug } from "../vendor-quotes/vendor-slug-of.ts";

const ttlMs = 5 * 60 * 1000;
const maxEntries = 1000;

/**
 * Whether a slug names a vendor company, remembered five minutes per server so a busy dealer
 * page costs no query per visitor (the answers are also cached by browsers and CDNs).
 */
export function widgetVendorCache(db: Database) {
  const known = new Map<string, { exists: boolean; at: number }>();
  return async (slug: string): Promise<boolean> => {
    const now = Date.now();
    const hit = known.get(slug);
    if (hit && now - hit.at < ttlMs) return hit.exists;
    const exists = (await findVendorCompanyBySlug(db, slug)) !== null;
    if (known.size >= maxEntries) known.clear();
    known.set(slug, { exists, at: now });
    return exists;
  };
}
