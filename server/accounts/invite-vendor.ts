import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { vendorSignUpMessages, type VendorSignUpRequest } from "#domain/vendors/contracts.ts";
import { authRoles } from "#domain/auth/roles.ts";
import { roleOfNewUser } from "#domain/team/team-rules.ts";
import type { Database } from "../db/client.ts";
import { user } from "../auth/tables.ts";
import { vendorCompany, vendorCompanyNameKey } from "../vendors/tables.ts";
import { AppError } from "../shared/errors.ts";
import { createAccount } from "./create-account.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { sendInvitation, type InvitationContext } from "../auth/send-invitation.ts";

const nameTaken = (name: string, companyCode: string) =>
  new AppError(
    "CONFLICT",
    `A company named "${name}" is already in the system (company ID ${companyCode}). Tick "Company already in system" and use that company ID to add a user to it, or enter another company name.`,
  );

/** The company whose name is the same as `name` but for case and white space, if any. */
async function companyNamed(db: Database, name: string) {
  const [found] = await db
    .select()
    .from(vendorCompany)
    .where(eq(vendorCompanyNameKey(vendorCompany.name), vendorCompanyNameKey(name)));
  return found;
}

/** A new company; two companies never share a name (the unique index decides when two admins race). */
async function createCompany(db: Database, name: string, companyCode: string) {
  const taken = await companyNamed(db, name);
  if (taken) throw nameTaken(taken.name, taken.companyCode);
  try {
    return (await db.insert(vendorCompany).values({ name, companyCode }).returning())[0]!;
  } catch (error) {
    const raced = await companyNamed(db, name);
    if (raced) throw nameTaken(raced.name, raced.companyCode);
    throw error;
  }
}

/**
 * /VendorSignUp: a new company (or, with "Company already in system", the existing one with that
 * company ID) and an unverified vendor user whose invitation mail lets them choose a password.
 */
export async function inviteVendor(
  db: Database,
  invitation: InvitationContext,
  actorId: string,
  input: VendorSignUpRequest,
) {
  const [existingUser] = await db.select({ id: user.id }).from(user).where(eq(user.email, input.companyEmail));
  if (existingUser) throw new AppError("CONFLICT", "A user with this e-mail already exists.");
  const [existingCompany] = await db.select().from(vendorCompany).where(eq(vendorCompany.companyCode, input.companyId));
  if (input.companyAlreadyInSystem && !existingCompany)
    throw new AppError("NOT_FOUND", `No company with ID ${input.companyId} is in the system.`);
  if (!input.companyAlreadyInSystem && existingCompany)
    throw new AppError(
      "CONFLICT",
      `Company ID ${input.companyId} is taken: tick "Company already in system" to add a user to it.`,
    );
  const company = existingCompany ?? (await createCompany(db, input.companyName || input.firstName, input.companyId));
  const [colleague] = await db.select({ id: user.id }).from(user).where(eq(user.vendorCompanyId, company.id)).limit(1);

  const created = await createAccount(invitation.auth, {
    email: input.companyEmail,
    name: input.firstName,
    role: authRoles.vendor,
    // Never used: the vendor chooses a password through the invitation link.
    password: randomBytes(24).toString("base64url"),
    emailVerified: false,
    vendorCompanyId: company.id,
    // docs/product-rules.md#r53-a-dealers-team: the company's first user is its admin.
    dealerRole: roleOfNewUser(colleague !== undefined),
  });
  await sendInvitation(db, invitation, { id: created.id, email: input.companyEmail, name: input.firstName });
  await recordAudit(db, {
    action: "account.created",
    actorUserId: actorId,
    subject: created.id,
    details: { role: authRoles.vendor, companyId: company.id },
  });
  return { userId: created.id, companyId: company.id, message: vendorSignUpMessages.sent(invitation.product) };
}
