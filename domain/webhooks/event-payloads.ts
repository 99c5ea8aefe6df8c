import * as z from "zod/mini";
import type { WebhookEventType } from "./events.ts";
import { vendorDeal } from "../deals/portal-contracts.ts";
import { portalQuote } from "../quotes/portal-contracts.ts";

// The body of every webhook delivery, one schema per event: the dealer guide's table and
// examples and the v1 OpenAPI document's components are tested against (or built from) these.

/** `quote.applied`'s `data`: the quote as the portal lists it, reduced to what identifies it, and when it was applied. */
export const appliedQuote = z.extend(z.pick(portalQuote, { id: true, customerName: true, price: true }), {
  appliedAt: z.string(),
});

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
  "quote.applied": envelope("quote.applied", appliedQuote),
} satisfies Record<WebhookEventType, z.ZodMiniType>;

export const webhookEventBody = z.discriminatedUnion("type", [
  webhookEventSchemas["deal.created"],
  webhookEventSchemas["deal.stage_changed"],
  webhookEventSchemas["deal.message_created"],
  webhookEventSchemas["quote.applied"],
]);

export type WebhookEventBody = z.infer<typeof webhookEventBody>;

/** What an emitter records: the event's type and data (its id and time come from the stored row). */
export type WebhookEventContent = {
  [Type in WebhookEventType]: { type: Type; data: z.infer<(typeof webhookEventSchemas)[Type]>["data"] };
}[WebhookEventType];
