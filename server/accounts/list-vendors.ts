import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { ListPage } from "#domain/http/list-page.ts";
import type { VendorCompany, VendorListQuery } from "#domain/vendors/contracts.ts";
import { asDealerRole } from "#domain/auth/dealer-roles.ts";
import { authRoles } from "#domain/auth/roles.ts";
import type { EarningsPayoutMode } from "#domain/earnings/earnings-shapes.ts";
import type { Database } from "../db/client.ts";
import { user } from "../auth/tables.ts";
import { vendorCompany } from "../vendors/tables.ts";
import { listWithTotal, type Keyset } from "../shared/lists/keyset-page.ts";
import { matchesSearch } from "../shared/lists/matches-search.ts";

const sortColumns: Record<NonNullable<VendorListQuery["sort"]>, Omit<Keyset, "direction">> = {
  name: { column: sql`"vendor_company"."name"`, id: sql`"vendor_company"."id"`, type: "text" },
  newest: { column: sql`"vendor_company"."created_at"`, id: sql`"vendor_company"."id"`, type: "timestamptz" },
};

/**
 * A search matches the company's name or one of its vendor users' name or e-mail, in any case
 * (the trigram indexes vendor_company_search_idx, drizzle/0014, and user_search_idx, drizzle/0015,
 * are on these very expressions).
 */
function vendorSearch(q: string): SQL {
  return sql`(${matchesSearch(sql`lower("vendor_company"."name")`, q)} or "vendor_company"."id" in (
    select u.vendor_company_id from "user" u where u.role = 'vendor' and u.vendor_company_id is not null and ${matchesSearch(sql`lower(u.name || ' ' || u.email)`, q)}))`;
}

type CompanyRow = {
  id: string;
  name: string;
  company_code: string;
  slug: string;
  earnings_payout: EarningsPayoutMode;
};

/** A page of vendor companies with their users (the vendors screen, docs/product-rules.md#r46-back-office-lists): by name unless sorted by newest. */
export async function listVendors(
  db: Database,
  query: VendorListQuery,
): Promise<{ companies: VendorCompany[]; page: ListPage }> {
  const sort = sortColumns[query.sort ?? "name"];
  const { rows, page } = await listWithTotal<CompanyRow>(db, {
    alias: "vendor_company",
    select: sql`"vendor_company"."id", "vendor_company"."name", "vendor_company"."company_code", "vendor_company"."slug", "vendor_company"."earnings_payout"`,
    from: sql`vendor_company`,
    where: query.q ? [vendorSearch(query.q)] : [],
    keyset: { ...sort, direction: query.dir ?? (query.sort === "newest" ? "desc" : "asc") },
    cursor: query.cursor,
  });
  const ids = rows.map((row) => row.id);
  const users = ids.length
    ? await db
        .select()
        .from(user)
        .where(and(eq(user.role, authRoles.vendor), inArray(user.vendorCompanyId, ids)))
        .orderBy(asc(user.email))
    : [];
  return {
    page,
    companies: rows.map((company) => ({
      id: company.id,
      name: company.name,
      companyCode: company.company_code,
      slug: company.slug,
      earningsPayout: company.earnings_payout,
      users: users
        .filter((candidate) => candidate.vendorCompanyId === company.id)
        .map((candidate) => ({
          id: candidate.id,
          name: candidate.name,
          email: candidate.email,
          verified: candidate.emailVerified,
          active: !candidate.banned,
          dealerRole: asDealerRole(candidate.dealerRole),
        })),
    })),
  };
}

/** Every company's id and name, by name (the deal list's vendor filter: companies are few). */
export async function listVendorCompanyOptions(db: Database): Promise<{ companies: { id: string; name: string }[] }> {
  return {
    companies: await db
      .select({ id: vendorCompany.id, name: vendorCompany.name })
      .from(vendorCompany)
      .orderBy(asc(vendorCompany.name), asc(vendorCompany.id)),
  };
}
