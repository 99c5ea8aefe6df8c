import { eq } from "drizzle-orm";
import { newVendorContactMail } from "#domain/leads/kinds/vendor-contact.ts";
import type { VendorContactRequest } from "#domain/leads/vendor-contact-schema.ts";
import type { Database } from "../db/client.ts";
import { vendorContact } from "./tables.ts";
import { simpleMail } from "../mail/mail-templates.ts";
import { storeLead } from "../response-times/store-lead.ts";
import type { LeadContext } from "../shared/request-context.ts";
import { leadClock } from "../response-times/response-clock.ts";

export function createVendorContact(db: Database, context: LeadContext, request: VendorContactRequest) {
  return storeLead(db, {
    type: "vendor-contact",
    insert: db
      .insert(vendorContact)
      .values({
        idempotencyKey: request.idempotencyKey,
        businessName: request.businessName,
        contactName: request.contactName,
        phoneNumber: request.phoneNumber,
        email: request.email,
      })
      .onConflictDoNothing({ target: vendorContact.idempotencyKey })
      .returning(),
    existing: async () =>
      (
        await db
          .select({ id: vendorContact.id })
          .from(vendorContact)
          .where(eq(vendorContact.idempotencyKey, request.idempotencyKey))
      )[0]!.id,
    clock: leadClock(context.promise, "vendor-contact"),
    cipher: context.cipher,
    notification: simpleMail({
      to: context.creditTeamEmail,
      ...newVendorContactMail(request),
      action: { label: "Open the back office", url: `${context.publicUrl}/back-office` },
      product: context.product,
    }),
  });
}
