import { and, desc, eq, inArray, or, type SQL } from "drizzle-orm";
import type { DuplicateLink, DuplicateRecordType } from "#domain/duplicates/contracts.ts";
import { vendorNameOf } from "#domain/deals/direct-deals.ts";
import type { DbExecutor } from "../db/client.ts";
import { user } from "../auth/tables.ts";
import { calculatorLead } from "../calculator/tables.ts";
import { deal } from "../deals/tables.ts";
import { duplicateLink } from "../duplicates/tables.ts";
import { creditApplication } from "./tables.ts";
import { vendorCompany } from "../vendors/tables.ts";

const limit = 200;
type Described = { title: string; createdAt: string };

/** Staff's names for records: a deal by business, account and vendor company; a lead by business or owner. */
async function describe(
  db: DbExecutor,
  refs: { type: DuplicateRecordType; id: string }[],
): Promise<Map<string, Described>> {
  const ids = (type: DuplicateRecordType) => [...new Set(refs.filter((ref) => ref.type === type).map((ref) => ref.id))];
  const described = new Map<string, Described>();
  const dealIds = ids("deal");
  if (dealIds.length) {
    const rows = await db
      .select({
        id: deal.id,
        businessName: deal.businessName,
        accountNumber: deal.accountNumber,
        company: vendorCompany.name,
        createdAt: deal.createdAt,
      })
      .from(deal)
      .leftJoin(vendorCompany, eq(vendorCompany.id, deal.vendorCompanyId))
      .where(inArray(deal.id, dealIds));
    for (const row of rows)
      described.set(`deal:${row.id}`, {
        title: `${row.businessName} (deal ${row.accountNumber}, ${vendorNameOf(row.company)})`,
        createdAt: row.createdAt.toISOString(),
      });
  }
  const applicationIds = ids("credit-application");
  if (applicationIds.length) {
    const rows = await db
      .select({
        id: creditApplication.id,
        businessName: creditApplication.businessName,
        createdAt: creditApplication.createdAt,
      })
      .from(creditApplication)
      .where(inArray(creditApplication.id, applicationIds));
    for (const row of rows)
      described.set(`credit-application:${row.id}`, {
        title: `${row.businessName} (credit application)`,
        createdAt: row.createdAt.toISOString(),
      });
  }
  const calculatorIds = ids("calculator");
  if (calculatorIds.length) {
    const rows = await db
      .select({
        id: calculatorLead.id,
        firstName: calculatorLead.firstName,
        lastName: calculatorLead.lastName,
        vendorName: calculatorLead.vendorName,
        createdAt: calculatorLead.createdAt,
      })
      .from(calculatorLead)
      .where(inArray(calculatorLead.id, calculatorIds));
    for (const row of rows)
      described.set(`calculator:${row.id}`, {
        title: `${row.firstName} ${row.lastName} (calculator lead, ${row.vendorName})`,
        createdAt: row.createdAt.toISOString(),
      });
  }
  return described;
}

async function links(db: DbExecutor, where: SQL | undefined): Promise<DuplicateLink[]> {
  const rows = await db
    .select({ link: duplicateLink, decidedBy: user.name })
    .from(duplicateLink)
    .leftJoin(user, eq(user.id, duplicateLink.decidedByUserId))
    .where(where)
    .orderBy(desc(duplicateLink.createdAt), desc(duplicateLink.id))
    .limit(limit);
  const described = await describe(
    db,
    rows.flatMap(({ link }) => [
      { type: link.newerType, id: link.newerId },
      { type: link.earlierType, id: link.earlierId },
    ]),
  );
  // A record removed by the retention job takes its links out of view.
  return rows.flatMap(({ link, decidedBy }) => {
    const newer = described.get(`${link.newerType}:${link.newerId}`);
    const earlier = described.get(`${link.earlierType}:${link.earlierId}`);
    if (!newer || !earlier) return [];
    return [
      {
        id: link.id,
        newer: { type: link.newerType, id: link.newerId, ...newer },
        earlier: { type: link.earlierType, id: link.earlierId, ...earlier },
        reasons: link.reasons as DuplicateLink["reasons"],
        status: link.status,
        decidedBy,
        decidedAt: link.decidedAt?.toISOString() ?? null,
        createdAt: link.createdAt.toISOString(),
      },
    ];
  });
}

export function listDuplicateLinks(db: DbExecutor, status: DuplicateLink["status"] = "open") {
  return links(db, eq(duplicateLink.status, status));
}

export function recordDuplicateLinks(db: DbExecutor, type: DuplicateRecordType, id: string) {
  return links(
    db,
    or(
      and(eq(duplicateLink.newerType, type), eq(duplicateLink.newerId, id)),
      and(eq(duplicateLink.earlierType, type), eq(duplicateLink.earlierId, id)),
    ),
  );
}

export async function findDuplicateLink(db: DbExecutor, id: string) {
  return (await links(db, eq(duplicateLink.id, id)))[0] ?? null;
}
