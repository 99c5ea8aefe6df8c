import { describe, expect, it } from "vitest";
import { dealerRoles } from "../auth/dealer-roles.ts";
import { keepsAnActiveAdmin, roleOfNewUser, type TeamSeat } from "./team-rules.ts";

const admin = (id: string, active = true): TeamSeat => ({ id, dealerRole: dealerRoles.admin, active });
const rep = (id: string, active = true): TeamSeat => ({ id, dealerRole: dealerRoles.rep, active });

describe("a dealer's team keeps an active admin", () => {
  it("refuses to demote or deactivate the only active admin", () => {
    const team = [admin("a"), rep("r1"), admin("gone", false)];
    expect(keepsAnActiveAdmin(team, { userId: "a", dealerRole: dealerRoles.rep })).toBe(false);
    expect(keepsAnActiveAdmin(team, { userId: "a", active: false })).toBe(false);
  });

  it("lets an admin go once another active admin stays, and any change to a rep", () => {
    const team = [admin("a"), admin("b"), rep("r1")];
    expect(keepsAnActiveAdmin(team, { userId: "a", active: false })).toBe(true);
    expect(keepsAnActiveAdmin(team, { userId: "b", dealerRole: dealerRoles.rep })).toBe(true);
    expect(keepsAnActiveAdmin([admin("a"), rep("r1")], { userId: "r1", active: false })).toBe(true);
  });

  it("counts a rep made admin as the admin that stays", () => {
    expect(keepsAnActiveAdmin([admin("a"), rep("r1")], { userId: "r1", dealerRole: dealerRoles.admin })).toBe(true);
  });

  it("makes a company's first user its admin and later users sales reps", () => {
    expect(roleOfNewUser(false)).toBe(dealerRoles.admin);
    expect(roleOfNewUser(true)).toBe(dealerRoles.rep);
  });
});
