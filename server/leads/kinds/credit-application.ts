import { asc, eq, sql } from "drizzle-orm";
import { creditApplicationTitle, maskSsn, maskTaxId } from "#domain/leads/kinds/credit-application.ts";
import { creditApplication, creditApplicationOwner } from "../tables.ts";
import { iso, type LeadKind } from "./lead-kind.ts";

/** A credit application and its owners, the SSNs and the tax id masked. */
export const creditApplicationKind: LeadKind<"credit-application"> = {
  row: {
    table: "credit_application",
    title: "l.business_name",
    contact: "l.business_phone || ' ' || l.business_email",
    words: ["l.business_name", "l.business_contact", "l.business_email"],
    phone: "l.business_phone",
  },
  async load(db, id) {
    const [row] = await db.select().from(creditApplication).where(eq(creditApplication.id, id));
    if (!row) return null;
    const owners = await db.select().from(creditApplicationOwner).where(eq(creditApplicationOwner.applicationId, id)).orderBy(asc(creditApplicationOwner.position));
    return {
      detail: {
        type: "credit-application",
        id,
        createdAt: iso(row.createdAt),
        title: creditApplicationTitle(row),
        fields: {
          businessName: row.businessName,
          fedIdMasked: maskTaxId(row.fedIdLast4),
          businessAddress: row.businessAddress,
          businessCity: row.businessCity,
          businessState: row.businessState,
          businessZipCode: row.businessZipCode,
          businessPhone: row.businessPhone,
          businessEmail: row.businessEmail,
          businessContact: row.businessContact,
          annualGrossRevenue: row.annualGrossRevenue,
          businessStarted: row.businessStarted,
          vendorName: row.vendorName,
          costOfEquipment: row.costOfEquipment,
          equipmentDescription: row.equipmentDescription,
          vendorContactName: row.vendorContactName,
          vendorPhoneNumber: row.vendorPhoneNumber,
          vendorEmail: row.vendorEmail,
          acceptCheck: row.acceptCheck,
        },
        owners: owners.map((owner) => ({
          position: owner.position,
          name: owner.name,
          title: owner.title,
          ownershipPercent: owner.ownershipPercent,
          ssnMasked: maskSsn(owner.ssnLast4),
          homeAddress: owner.homeAddress,
          homeCity: owner.homeCity,
          homeState: owner.homeState,
          homeZipCode: owner.homeZipCode,
          homePhone: owner.homePhone,
          homeEmail: owner.homeEmail,
        })),
      },
      email: row.businessEmail,
      phone: row.businessPhone,
      linked: [],
    };
  },
  byContact: { from: sql`credit_application t`, title: sql`t.business_name`, email: sql`t.business_email`, phone: sql`t.business_phone` },
};
