import { eq } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import { getVendorPayoutAccount } from "#domain/payout-accounts/back-office-contracts.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import { AppError } from "../shared/errors.ts";
import { vendorCompany } from "../vendors/tables.ts";
import { companyPayoutAccounts } from "./payout-account-views.ts";

/**
 * Staff read a vendor company's payout account (docs/product-rules.md#r59-payout-accounts): masked and
 * read-only; the account number is never decrypted for a screen.
 */
export const backOfficePayoutAccountRoutes: FastifyPluginAsync<{ timeZone: string }> = async (app, { timeZone }) => {
  registerEndpoint(app, getVendorPayoutAccount, async (request) => {
    const { companyId } = request.params;
    const [company] = await app.db
      .select({ id: vendorCompany.id, name: vendorCompany.name })
      .from(vendorCompany)
      .where(eq(vendorCompany.id, companyId));
    if (!company) throw new AppError("NOT_FOUND", "Not found.");
    const accounts = await companyPayoutAccounts(app.db, companyId, "staff", timeZone);
    return {
      companyId: company.id,
      companyName: company.name,
      current: accounts.current,
      awaiting: accounts.awaiting,
      history: accounts.history,
    };
  });
};
