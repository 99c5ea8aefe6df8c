/**
 * The two roles inside a vendor company (docs/product-rules.md#r53-a-dealers-team): a dealer admin
 * sees every deal of the company and manages its team, keys and webhooks; a sales rep sees the
 * deals, quotes and referred customers they own.
 */
export const dealerRoles = { admin: "dealer-admin", rep: "sales-rep" } as const;

export type DealerRole = (typeof dealerRoles)[keyof typeof dealerRoles];

export const dealerRoleValues = [dealerRoles.admin, dealerRoles.rep] as const;

export const dealerRoleLabels: Record<DealerRole, string> = {
  [dealerRoles.admin]: "Dealer admin",
  [dealerRoles.rep]: "Sales rep",
};

/** A stored value as a role: anything else (a row from before roles) reads as the narrower one. */
export function asDealerRole(value: string | null | undefined): DealerRole {
  return value === dealerRoles.admin ? dealerRoles.admin : dealerRoles.rep;
}
