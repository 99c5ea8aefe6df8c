import type { Database } from "../../db/client.ts";
import { resolveVendorLink } from "../vendor-links/resolve-vendor-link.ts";

const ttlMs = 5 * 60 * 1000;
const maxEntries = 1000;

type Entries = Map<string, { exists: boolean; at: number }>;

/** One cache per server (per database handle), so the vendors routes can empty the widget's. */
const caches = new WeakMap<Database, Entries>();

const entriesOf = (db: Database): Entries => {
  let entries = caches.get(db);
  if (!entries) caches.set(db, (entries = new Map()));
  return entries;
};

/**
 * Whether a slug names a vendor's link (a company's or a partner's, resolve-vendor-link.ts), remembered five minutes per server so a busy dealer
 * page costs no query per visitor (the answers are also cached by browsers and CDNs). A company's new link address empties it
 * (`forgetVendorLinks`), so this server stops answering for the old one at once.
 */
export function widgetVendorCache(db: Database) {
  const known = entriesOf(db);
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

/** Forgets every remembered slug of this server: a link address changed (the old one must stop working, the new one start). */
export function forgetVendorLinks(db: Database): void {
  entriesOf(db).clear();
}
