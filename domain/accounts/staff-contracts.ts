import * as z from "zod/mini";
import { endpoint } from "../http/endpoint.ts";

// The back office's staff and admin accounts (docs/product-rules.md#r42-off-boarding): admins list them and deactivate
// or
// reactivate them (off-boarding); vendors have theirs under the vendors screen.

export const staffMember = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(["staff", "admin"]),
  twoFactorEnabled: z.boolean(),
  active: z.boolean(),
});

export type StaffMember = z.infer<typeof staffMember>;

const staffParams = z.object({ userId: z.string().check(z.maxLength(100)) });
const done = z.object({ ok: z.literal(true) });

export const listStaff = endpoint({
  method: "GET",
  path: "/api/back-office/staff",
  audience: "admin",
  summary: "Staff and admin accounts, by name (admins)",
  tags: ["back office"],
  responses: { 200: z.object({ staff: z.array(staffMember) }) },
  errors: ["FORBIDDEN"],
});

export const deactivateStaffMember = endpoint({
  method: "POST",
  path: "/api/back-office/staff/:userId/deactivate",
  audience: "admin",
  summary:
    "Deactivate a staff or admin account: sign-in refused, signed out everywhere, links and trusted devices ended (admins; never oneself or the last admin; audited)",
  tags: ["back office"],
  params: staffParams,
  responses: { 200: done },
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT"],
});

export const reactivateStaffMember = endpoint({
  method: "POST",
  path: "/api/back-office/staff/:userId/reactivate",
  audience: "admin",
  summary:
    "Reactivate a deactivated staff or admin account: they can sign in again and are told by e-mail (admins; audited)",
  tags: ["back office"],
  params: staffParams,
  responses: { 200: done },
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT"],
});
