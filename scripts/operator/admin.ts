// Operator CLI: `npm run admin -- create-user --role admin --email a@b.example --name "A B"`
//               `npm run admin -- set-password --email a@b.example`
//               `npm run admin -- reset-two-factor --email a@b.example` (a lost phone)
//               `npm run admin -- deactivate --email a@b.example` (off-boarding; `reactivate` lifts it)
// Uses the same configuration (DATA_DIR / DATABASE_URL) as the server. With the embedded
// database, stop the server first: PGlite allows one process at a time.
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import type { DealerRole } from "../../domain/auth/dealer-roles.ts";
import { authRoles, type AuthRole } from "../../domain/auth/roles.ts";
import { roleOfNewUser } from "../../domain/team/team-rules.ts";
import { composeForCommand } from "./compose-for-command.ts";
import { loadConfig } from "../../server/config.ts";
import { user } from "../../server/auth/tables.ts";
import { vendorCompany } from "../../server/vendors/tables.ts";
import { AppError } from "../../server/shared/errors.ts";
import { createAccount } from "../../server/accounts/create-account.ts";
import { deactivateUser } from "../../server/accounts/deactivate-user.ts";
import { reactivateUser } from "../../server/accounts/reactivate-user.ts";
import { recordAudit } from "../../server/audit/record-audit.ts";
import { isCommonPassword } from "../../server/auth/common-passwords.ts";
import { resetTwoFactor } from "../../server/accounts/reset-two-factor.ts";
import { setPassword } from "../../server/accounts/set-password.ts";

const usage = `Usage:
  npm run admin -- create-user --role <admin|staff|vendor> --email <e-mail> --name <name> [--company-code <6 digits>] [--password <password>]
  npm run admin -- set-password --email <e-mail> [--password <password>]
  npm run admin -- reset-two-factor --email <e-mail>
  npm run admin -- deactivate --email <e-mail>
  npm run admin -- reactivate --email <e-mail>
A password is generated and printed when --password is not given. Setting a password, removing
two-factor or deactivating signs the user out everywhere (trusted devices and mailed links too), is
audited and, but for a deactivation, is mailed to them. Setting a password or deactivating also
revokes the API keys and disables the webhook endpoints the user created.`;

// Files the embedded database writes while this runs are the server's: closed to other users.
process.umask(0o077);

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    role: { type: "string" },
    email: { type: "string" },
    name: { type: "string" },
    "company-code": { type: "string" },
    password: { type: "string" },
  },
});

const fail = (message: string): never => {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
};

const command = positionals[0];
const commands = ["create-user", "set-password", "reset-two-factor", "deactivate", "reactivate"];
if (!commands.includes(command ?? "")) fail("Unknown command.");
const email = values.email ?? fail("--email is required.");
const password = values.password ?? randomBytes(12).toString("base64url");
if (password.length < 8 || password.length > 128) fail("Passwords are 8 to 128 characters.");
if (isCommonPassword(password)) fail("That password is too common. Please choose another.");

const config = loadConfig();
const { app, database, auth } = await composeForCommand(config, () => {});
const operator = { auth, db: database.db, brand: config.public.brand, publicUrl: config.publicUrl };
try {
  if (command === "set-password") {
    const refused = await setPassword(operator, email, password);
    if (refused === "no-such-user") fail(`No user with e-mail ${email}.`);
    if (refused === "too-common") fail("That password is too common. Please choose another.");
    console.log(`Password of ${email} set${values.password ? "" : `: ${password}`}`);
  } else if (command === "deactivate" || command === "reactivate") {
    const [target] = await database.db.select({ id: user.id }).from(user).where(eq(user.email, email.toLowerCase()));
    if (!target) fail(`No user with e-mail ${email}.`);
    const allRoles = Object.values(authRoles);
    try {
      if (command === "deactivate") await deactivateUser(database.db, { userId: null }, target!.id, allRoles);
      else await reactivateUser(database.db, operator, { userId: null }, target!.id, allRoles);
    } catch (error) {
      if (error instanceof AppError) fail(error.message);
      throw error;
    }
    console.log(
      command === "deactivate"
        ? `${email} deactivated: signed out everywhere, sign-in refused, their API keys revoked.`
        : `${email} reactivated: they can sign in again.`,
    );
  } else if (command === "reset-two-factor") {
    if (!(await resetTwoFactor(operator, email))) fail(`No user with e-mail ${email}.`);
    console.log(`Two-factor authentication of ${email} removed; they set it up again at their next sign-in.`);
  } else {
    const role = values.role as AuthRole;
    if (!Object.values(authRoles).includes(role)) fail("--role must be admin, staff or vendor.");
    const name = values.name ?? fail("--name is required.");
    let vendorCompanyId: string | null = null;
    let dealerRole: DealerRole | undefined;
    if (role === authRoles.vendor) {
      const code = values["company-code"] ?? fail("--company-code is required for vendors.");
      const [company] = await database.db.select().from(vendorCompany).where(eq(vendorCompany.companyCode, code));
      vendorCompanyId = company?.id ?? fail(`No vendor company with code ${code}.`);
      // docs/product-rules.md#r53-a-dealers-team: the company's first user is its admin.
      const [colleague] = await database.db
        .select({ id: user.id })
        .from(user)
        .where(eq(user.vendorCompanyId, vendorCompanyId))
        .limit(1);
      dealerRole = roleOfNewUser(colleague !== undefined);
    }
    const created = await createAccount(auth, {
      email,
      name,
      role,
      password,
      emailVerified: true,
      vendorCompanyId,
      dealerRole,
    });
    await recordAudit(database.db, {
      action: "account.created",
      subject: created.id,
      details: { role, by: "operator" },
    });
    console.log(`Created ${role} ${email.toLowerCase()}${values.password ? "" : ` with password ${password}`}`);
  }
} finally {
  await app.close();
  await database.close();
}
