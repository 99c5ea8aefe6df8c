import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { VendorSignUpRequest } from "#domain/api/vendors.ts";
import { authRoles } from "#domain/auth/roles.ts";
import type { Database } from "../../db/client.ts";
import { user, vendorCompany } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { createAccount } from "../accounts/create-account.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { Auth } from "../auth/create-auth.ts";

/**
 * /VendorSignUp: a new company (or, with "Company already in system", the existing one with that
 * company ID) and an unverified vendor user whose invitation mail lets them choose a password.
 */
export async function inviteVendor(
  db: Database,
  auth: Auth,
  publicUrl: string,
  actorId: string,
  input: VendorSignUpRequest,
) {
  const [existingUser] = await db.select({ id: user.id }).from(user).where(eq(user.email, input.companyEmail));
  if (existingUser) throw new AppError("CONFLICT", "A user with this e-mail already exists.");
  const [existingCompany] = await db.select().from(vendorCompany).where(eq(vendorCompany.companyCode, input.companyId));
  if (input.companyAlreadyInSystem && !existingCompany) throw new AppError("NOT_FOUND", `No company with ID ${input.companyId} is in the system.`);
  if (!input.companyAlreadyInSystem && existingCompany) throw new AppError("CONFLICT", `Company ID ${input.companyId} is taken: tick "Company already in system" to add a user to it.`);
  const company =
    existingCompany ??
    (await db.insert(vendorCompany).values({ name: input.companyName || input.firstName, companyCode: input.companyId }).returning())[0]!;

  const created = await createAccount(auth, {
    email: input.companyEmail,
    name: input.firstName,
    role: authRoles.vendor,
    // Never used: the vendor chooses a password through the invitation link.
    password: randomBytes(24).toString("base64url"),
    emailVerified: false,
    vendorCompanyId: company.id,
  });
  await auth.api.requestPasswordReset({ body: { email: input.companyEmail, redirectTo: `${publicUrl}/reset-password` } });
  await recordAudit(db, { action: "account.created", actorUserId: actorId, subject: created.id, details: { role: authRoles.vendor, companyId: company.id } });
  return { userId: created.id, companyId: company.id };
}
