import { vendorQuote } from "./tables.ts";

/** A quote's company and owner, as `ownedInScope` reads them (docs/product-rules.md#r53-a-dealers-team). */
export const quoteOwnership = { company: vendorQuote.companyId, owner: vendorQuote.ownerUserId };
