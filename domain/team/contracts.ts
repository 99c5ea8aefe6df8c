import * as z from "zod/mini";
import { dealerRoleValues } from "../auth/dealer-roles.ts";
import { emailAddress } from "../forms/fields.ts";
import { endpoint } from "../http/endpoint.ts";
import { okResponse } from "../deals/portal-contracts.ts";

// A dealer's own team (docs/product-rules.md#r53-a-dealers-team): its dealer admins invite users, set their
// roles, deactivate them and hand a rep's deals and quotes to another; staff may change a role too.

export const teamMessages = {
  lastAdmin: "Your company needs at least one active dealer admin: make someone else an admin first.",
  notYourself: "You cannot change your own role or deactivate yourself: ask another dealer admin.",
  emailTaken: "A user with this e-mail already exists.",
  sameOwner: "Choose two different people.",
  invited: (email: string) => `Invitation sent to ${email}. The link in it is valid for 7 days.`,
} as const;

const dealerRole = z.enum(dealerRoleValues, "Choose a role.");

export const teamMember = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  dealerRole: z.enum(dealerRoleValues),
  /** Has chosen a password through the invitation. */
  verified: z.boolean(),
  active: z.boolean(),
  /** Deals they own that are not funded, declined or dead. */
  openDeals: z.number(),
  quotes: z.number(),
});

export type TeamMember = z.infer<typeof teamMember>;

export const teamResponse = z.object({ members: z.array(teamMember) });

export const inviteTeamMemberRequest = z.object({
  name: z.string().check(z.trim(), z.minLength(1, "Please enter the name."), z.maxLength(60)),
  email: emailAddress(),
  dealerRole,
});

export type InviteTeamMemberRequest = z.infer<typeof inviteTeamMemberRequest>;

export const changeTeamRoleRequest = z.object({ dealerRole });

export const reassignDealsRequest = z.object({
  fromUserId: z.string().check(z.minLength(1, "Choose whose deals to hand over."), z.maxLength(100)),
  toUserId: z.string().check(z.minLength(1, "Choose who takes them."), z.maxLength(100)),
});

export type ReassignDealsRequest = z.infer<typeof reassignDealsRequest>;

export const teamMemberParams = z.object({ userId: z.string().check(z.maxLength(100)) });

export const listTeam = endpoint({
  method: "GET",
  path: "/api/portal/team",
  audience: "dealer-admin",
  summary: "The company's users with their roles, and the open deals and quotes each owns (dealer admins)",
  tags: ["portal"],
  responses: { 200: teamResponse },
  errors: ["FORBIDDEN"],
});

export const inviteTeamMember = endpoint({
  method: "POST",
  path: "/api/portal/team",
  audience: "dealer-admin",
  summary:
    "Invite a user to the company with a role: they choose a password through the mailed link (dealer admins; audited, mailed to the company's admins)",
  tags: ["portal"],
  body: inviteTeamMemberRequest,
  responses: { 201: z.object({ member: teamMember, message: z.string() }) },
  errors: ["FORBIDDEN", "CONFLICT"],
});

export const changeTeamRole = endpoint({
  method: "PATCH",
  path: "/api/portal/team/:userId",
  audience: "dealer-admin",
  summary:
    "Make a user of the company a dealer admin or a sales rep (dealer admins; never oneself or the last admin; audited, mailed)",
  tags: ["portal"],
  params: teamMemberParams,
  body: changeTeamRoleRequest,
  responses: { 200: z.object({ member: teamMember }) },
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT"],
});

export const deactivateTeamMember = endpoint({
  method: "POST",
  path: "/api/portal/team/:userId/deactivate",
  audience: "dealer-admin",
  summary:
    "Deactivate a user of the company: signed out everywhere, their API keys revoked, their deals left to reassign (dealer admins; never oneself or the last admin; audited, mailed)",
  tags: ["portal"],
  params: teamMemberParams,
  responses: { 200: okResponse },
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT"],
});

export const reassignTeamDeals = endpoint({
  method: "POST",
  path: "/api/portal/team/reassign",
  audience: "dealer-admin",
  summary:
    "Hand every deal and quote one user of the company owns to another, active one (dealer admins; audited, mailed)",
  tags: ["portal"],
  body: reassignDealsRequest,
  responses: { 200: z.object({ deals: z.number(), quotes: z.number() }) },
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT"],
});

/** Staff: a vendor user's role in their company (admins; the company keeps an active dealer admin). */
export const changeVendorDealerRole = endpoint({
  method: "PATCH",
  path: "/api/back-office/vendors/:userId/dealer-role",
  audience: "admin",
  summary: "Make a vendor user a dealer admin or a sales rep of their company (admins; audited, mailed)",
  tags: ["back office"],
  params: teamMemberParams,
  body: changeTeamRoleRequest,
  responses: { 200: okResponse },
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT"],
});
