import { dealerRoles, type DealerRole } from "../auth/dealer-roles.ts";

export type TeamSeat = { id: string; dealerRole: DealerRole; active: boolean };

/** A change to one user's seat: a new role, or deactivation. */
export type SeatChange = { userId: string; dealerRole?: DealerRole; active?: boolean };

/**
 * Whether the company still has an active dealer admin once `change` is made
 * (docs/product-rules.md#r53-a-dealers-team): nobody else can manage its team, keys and webhooks.
 */
export function keepsAnActiveAdmin(seats: readonly TeamSeat[], change: SeatChange): boolean {
  return seats
    .map((seat) => (seat.id === change.userId ? { ...seat, ...definedOnly(change) } : seat))
    .some((seat) => seat.active && seat.dealerRole === dealerRoles.admin);
}

const definedOnly = ({ dealerRole, active }: SeatChange) => ({
  ...(dealerRole ? { dealerRole } : {}),
  ...(active === undefined ? {} : { active }),
});

/**
 * The role of a company's next user when nobody chose one: the first user of a company is its
 * admin, later ones are sales reps until an admin says otherwise.
 */
export const roleOfNewUser = (companyHasUsers: boolean): DealerRole =>
  companyHasUsers ? dealerRoles.rep : dealerRoles.admin;
