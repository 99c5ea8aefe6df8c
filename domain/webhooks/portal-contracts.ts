import * as z from "zod/mini";
import { webhookEventTypes } from "./events.ts";
import { endpoint } from "../http/endpoint.ts";

/** What the "Add endpoint" form sends; the server checks the address further (public, https). */
export const webhookEndpointForm = z.object({
  url: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, "Please enter the address that receives the events."),
      z.maxLength(2000, "Please use an address of at most 2000 characters."),
      z.regex(/^https?:\/\/\S+$/i, "Please enter a full address, like https://example.com/webhooks."),
    ),
  events: z
    .array(z.enum(webhookEventTypes))
    .check(z.minLength(1, "Please choose at least one event."), z.maxLength(webhookEventTypes.length)),
  description: z.string().check(z.trim(), z.maxLength(200, "Please use at most 200 characters.")),
});

export type WebhookEndpointForm = z.infer<typeof webhookEndpointForm>;

export const webhookDelivery = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(["pending", "delivered", "failed"]),
  attempts: z.number(),
  lastStatusCode: z.nullable(z.number()),
  lastError: z.nullable(z.string()),
  createdAt: z.string(),
  lastAttemptAt: z.nullable(z.string()),
  /** When a pending delivery is tried next. */
  nextAttemptAt: z.nullable(z.string()),
});

export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const webhookEndpoint = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  description: z.string(),
  enabled: z.boolean(),
  createdAt: z.string(),
  /** The latest deliveries, newest first. */
  deliveries: z.array(webhookDelivery),
});

export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

const endpointParams = z.object({ id: z.uuid() });
/** Shown once: at creation and when rolled. */
const secretResponse = z.object({ secret: z.string() });

export const listPortalWebhooks = endpoint({
  method: "GET",
  path: "/api/portal/webhooks",
  audience: "dealer-admin",
  summary: "The company's webhook endpoints and their latest deliveries",
  tags: ["portal"],
  responses: { 200: z.object({ endpoints: z.array(webhookEndpoint) }) },
  errors: ["FORBIDDEN"],
});

export const createPortalWebhook = endpoint({
  method: "POST",
  path: "/api/portal/webhooks",
  audience: "dealer-admin",
  freshFactor: true,
  summary:
    "Register an https endpoint for some events; answers its signing secret, once (a factor proved within the last minutes; mailed to the company's users)",
  tags: ["portal"],
  body: webhookEndpointForm,
  responses: { 201: z.object({ endpoint: webhookEndpoint, secret: z.string() }) },
  errors: ["FORBIDDEN", "REAUTHENTICATION_REQUIRED", "CONFLICT"],
});

export const updatePortalWebhook = endpoint({
  method: "PATCH",
  path: "/api/portal/webhooks/:id",
  audience: "dealer-admin",
  summary: "Enable or disable a webhook endpoint",
  tags: ["portal"],
  params: endpointParams,
  body: z.object({ enabled: z.boolean() }),
  responses: { 200: z.object({ endpoint: webhookEndpoint }) },
  errors: ["FORBIDDEN", "NOT_FOUND"],
});

export const deletePortalWebhook = endpoint({
  method: "DELETE",
  path: "/api/portal/webhooks/:id",
  audience: "dealer-admin",
  summary: "Delete a webhook endpoint and its deliveries",
  tags: ["portal"],
  params: endpointParams,
  responses: { 200: z.object({ ok: z.literal(true) }) },
  errors: ["FORBIDDEN", "NOT_FOUND"],
});

export const rollPortalWebhookSecret = endpoint({
  method: "POST",
  path: "/api/portal/webhooks/:id/roll-secret",
  audience: "dealer-admin",
  freshFactor: true,
  summary: "Replace an endpoint's signing secret; answers the new one, once (a factor proved within the last minutes)",
  tags: ["portal"],
  params: endpointParams,
  responses: { 200: secretResponse },
  errors: ["FORBIDDEN", "REAUTHENTICATION_REQUIRED", "NOT_FOUND"],
});

export const redeliverPortalWebhook = endpoint({
  method: "POST",
  path: "/api/portal/webhooks/:id/deliveries/:deliveryId/redeliver",
  audience: "dealer-admin",
  summary: "Send a delivery's event again (same event id) as a new delivery; limited per event and per endpoint (429)",
  tags: ["portal"],
  params: z.object({ id: z.uuid(), deliveryId: z.uuid() }),
  responses: { 201: z.object({ id: z.string() }) },
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT"],
});
