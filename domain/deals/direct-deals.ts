/**
 * A direct deal: staff opened it from a credit application or calculator lead that came to us
 * without a vendor (docs/product-rules.md#r12-stages). It has no vendor company, so every back-office
 * list, page and export names its vendor "Direct", and no vendor route ever sees it.
 */
export const directDealVendor = "Direct";

/** The vendor column of a back-office row: the company's name, or "Direct" for a deal without one. */
export const vendorNameOf = (companyName: string | null | undefined): string => companyName ?? directDealVendor;

/** The kinds of lead staff may open a deal from: the ones that carry a business, its contact and an amount. */
export const dealFromLeadTypes = ["credit-application", "calculator"] as const;
export type DealFromLeadType = (typeof dealFromLeadTypes)[number];

export const isDealFromLeadType = (type: string): type is DealFromLeadType =>
  (dealFromLeadTypes as readonly string[]).includes(type);

/** The kinds of lead a deal may come from: referred through a vendor's link (any of them) or opened by staff. */
export const fromLeadTypes = ["calculator", "questionnaire", "credit-application"] as const;

/** The deal page's line back to the lead a referred or direct deal came from. */
export const fromLeadText = "From lead";
