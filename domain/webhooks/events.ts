/**
 * The events a vendor's webhook endpoint can subscribe to. The list is the one place that names
 * them: the form's checkboxes, the contract's validation and the emitters all read it; each has
 * its body's schema in domain/webhooks/event-payloads.ts and a row in the dealer guide.
 */
export const webhookEventTypes = [
  "deal.created",
  "deal.stage_changed",
  "deal.message_created",
  "deal.approved",
  "deal.stips_requested",
  "deal.stip_reviewed",
  "documents.sent",
  "documents.signed",
  "documents.completed",
  "documents.declined",
  "deal.funded",
  "quote.applied",
] as const;

export type WebhookEventType = (typeof webhookEventTypes)[number];

export const webhookEventLabels: Record<WebhookEventType, string> = {
  "deal.created": "A deal is submitted",
  "deal.stage_changed": "A deal's stage changes",
  "deal.message_created": "A message is added to a deal",
  "deal.approved": "A deal is approved, with its terms",
  "deal.stips_requested": "Stips are requested on a deal",
  "deal.stip_reviewed": "A stip is accepted, rejected or waived",
  "documents.sent": "Documents go out for signature",
  "documents.signed": "A signer signs their documents",
  "documents.completed": "Every document is signed and sealed",
  "documents.declined": "A signer declines to sign",
  "deal.funded": "A deal is funded, with the amounts paid to the dealer",
  "quote.applied": "A customer applies from a quote",
};

/** Signature header name, event id header name (agreed with the API documentation). */
export const webhookSignatureHeader = "KEC-Signature";
export const webhookEventIdHeader = "KEC-Event-Id";
