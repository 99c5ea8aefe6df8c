import { deal } from "./tables.ts";

/** A deal's company and owner, as `ownedInScope` reads them (docs/product-rules.md#r53-a-dealers-team). */
export const dealOwnership = { company: deal.vendorCompanyId, owner: deal.ownerUserId };
