import { asc, eq, sql } from "drizzle-orm";
import {
  creditApplicationFields,
  creditApplicationOwnerFields,
  creditApplicationTitle,
  maskSsn,
  maskTaxId,
} from "#domain/leads/kinds/credit-application.ts";
import { fieldValues } from "#domain/leads/lead-fields.ts";
import { creditApplication, creditApplicationOwner } from "../tables.ts";
import { iso, type LeadKind } from "./lead-kind.ts";

/** A credit application and its owners, the SSNs and the tax id masked. */
export const creditApplicationKind: LeadKind<"credit-application"> = {
  async load(db, id) {
    const [row] = await db.select().from(creditApplication).where(eq(creditApplication.id, id));
    if (!row) return null;
    const owners = await db
      .select()
      .from(creditApplicationOwner)
      .where(eq(creditApplicationOwner.applicationId, id))
      .orderBy(asc(creditApplicationOwner.position));
    return {
      detail: {
        type: "credit-application",
        id,
        createdAt: iso(row.createdAt),
        title: creditApplicationTitle(row),
        fields: fieldValues(creditApplicationFields, row, { fedIdMasked: maskTaxId(row.fedIdLast4) }),
        owners: owners.map((owner) => ({
          position: owner.position,
          ...fieldValues(creditApplicationOwnerFields, owner, { ssnMasked: maskSsn(owner.ssnLast4) }),
        })),
      },
      email: row.businessEmail,
      phone: row.businessPhone,
      linked: [],
    };
  },
  byContact: {
    from: sql`credit_application t`,
    title: sql`t.business_name`,
    email: sql`t.business_email`,
    phone: sql`t.business_phone`,
  },
};
