import type { Database } from "../../db/client.ts";
import { resolveVendorLink } from "../vendor-links/resolve-vendor-link.ts";

const ttlMs = 5 * 60 * 1000;
const maxEntries = 1000;

/**
 * Whether a slug names a vendor's link (a company's or a partner's, resolve-vendor-link.ts), remembered five minutes per server so a busy dealer
 * page costs no query per visitor (the answers are also cached by browsers and CDNs).
 */
export function widgetVendorCache(db: Database) {
  const known = new Map<string, { exists: boolean; at: number }>();
  return async (slug: string): Promise<boolean> => {
    const now = Date.now();
    const hit = known.get(slug);
    if (hit && now - hit.at < ttlMs) return hit.exists;
    const exists = (await resolveVendorLink(db, slug)) !== null;
    if (known.size >= maxEntries) known.clear();
    known.set(slug, { exists, at: now });
    return exists;
  };
}
