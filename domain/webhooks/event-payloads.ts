import * as z from "zod/mini";
import type { WebhookEventType } from "./events.ts";
import { vendorDeal } from "../deals/portal-contracts.ts";
import { portalQuote } from "../quotes/portal-contracts.ts";
import { vendorStip } from "../stips/contracts.ts";
import { dealerSigningPackage } from "../signing/package-status.ts";
import { dealerFunding } from "../funding/dealer-funding.ts";

// The body of every webhook delivery, one schema per event: the dealer guide's table and
// examples and the v1 OpenAPI document's components are tested against (or built from) these.

/** `quote.applied`'s `data`: the quote as the portal lists it, reduced to what identifies it, and when it was applied. */
export const appliedQuote = z.extend(z.pick(portalQuote, { id: true, customerName: true, price: true }), {
  appliedAt: z.string(),
});

/** An approval's terms as the dealer reads them (never the funder): amounts in cents, the rate in basis points. */
export const approvalTerms = z.object({
  amountCents: z.int(),
  termMonths: z.nullable(z.int()),
  paymentCents: z.nullable(z.int()),
  rateBasisPoints: z.nullable(z.int()),
  downPaymentCents: z.nullable(z.int()),
  conditions: z.string(),
  /** The last day the approval holds, "YYYY-MM-DD" in the lender's time zone. */
  expiresOn: z.string(),
});

/** A stip in an event: the dealer's view without its files (GET /api/v1/deals/{id}/stips lists them). */
export const eventStip = z.omit(vendorStip, { files: true, receivedAt: true });

const envelope = <Type extends WebhookEventType, Data extends z.ZodMiniType>(type: Type, data: Data) =>
  z.object({
    /** The event's id, also in `KEC-Event-Id`: the same on every retry and redelivery. */
    id: z.uuid(),
    type: z.literal(type),
    /** When the event happened, unix seconds. */
    created: z.int().check(z.positive()),
    data,
  });

/** `data` of a deal event is the deal as GET /api/v1/deals/{id} shows it, as it was when the event happened. */
export const webhookEventSchemas = {
  "deal.created": envelope("deal.created", vendorDeal),
  "deal.stage_changed": envelope("deal.stage_changed", vendorDeal),
  "deal.message_created": envelope("deal.message_created", vendorDeal),
  "deal.approved": envelope("deal.approved", z.extend(vendorDeal, { approval: approvalTerms })),
  "deal.stips_requested": envelope("deal.stips_requested", z.extend(vendorDeal, { stips: z.array(eventStip) })),
  "deal.stip_reviewed": envelope("deal.stip_reviewed", z.extend(vendorDeal, { stip: eventStip })),
  "documents.sent": envelope("documents.sent", z.extend(vendorDeal, { package: dealerSigningPackage })),
  "documents.signed": envelope(
    "documents.signed",
    z.extend(vendorDeal, { package: dealerSigningPackage, signerId: z.string() }),
  ),
  "documents.completed": envelope("documents.completed", z.extend(vendorDeal, { package: dealerSigningPackage })),
  "documents.declined": envelope("documents.declined", z.extend(vendorDeal, { package: dealerSigningPackage })),
  "deal.funded": envelope("deal.funded", z.extend(vendorDeal, { funding: dealerFunding })),
  "quote.applied": envelope("quote.applied", appliedQuote),
} satisfies Record<WebhookEventType, z.ZodMiniType>;

export const webhookEventBody = z.discriminatedUnion("type", [
  webhookEventSchemas["deal.created"],
  webhookEventSchemas["deal.stage_changed"],
  webhookEventSchemas["deal.message_created"],
  webhookEventSchemas["deal.approved"],
  webhookEventSchemas["deal.stips_requested"],
  webhookEventSchemas["deal.stip_reviewed"],
  webhookEventSchemas["documents.sent"],
  webhookEventSchemas["documents.signed"],
  webhookEventSchemas["documents.completed"],
  webhookEventSchemas["documents.declined"],
  webhookEventSchemas["deal.funded"],
  webhookEventSchemas["quote.applied"],
]);

export type WebhookEventBody = z.infer<typeof webhookEventBody>;

/** What an emitter records: the event's type and data (its id and time come from the stored row). */
export type WebhookEventContent = {
  [Type in WebhookEventType]: { type: Type; data: z.infer<(typeof webhookEventSchemas)[Type]>["data"] };
}[WebhookEventType];
