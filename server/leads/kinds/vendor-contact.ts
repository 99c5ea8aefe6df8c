import { eq, sql } from "drizzle-orm";
import { vendorContactFields, vendorContactTitle } from "#domain/leads/kinds/vendor-contact.ts";
import { fieldValues } from "#domain/leads/lead-fields.ts";
import { vendorContact } from "../tables.ts";
import { iso, type LeadKind } from "./lead-kind.ts";

/** A vendor's request to sign up. */
export const vendorContactKind: LeadKind<"vendor-contact"> = {
  async load(db, id) {
    const [row] = await db.select().from(vendorContact).where(eq(vendorContact.id, id));
    if (!row) return null;
    return {
      detail: {
        type: "vendor-contact",
        id,
        createdAt: iso(row.createdAt),
        title: vendorContactTitle(row),
        fields: fieldValues(vendorContactFields, row, {}),
      },
      email: row.email,
      phone: row.phoneNumber,
      linked: [],
    };
  },
  byContact: {
    from: sql`vendor_contact t`,
    title: sql`t.business_name || ' (' || t.contact_name || ')'`,
    email: sql`t.email`,
    phone: sql`t.phone_number`,
  },
};
