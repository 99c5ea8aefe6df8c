/**
 * How often "Redeliver" may send an event again (docs/product-rules.md#r28-webhooks): one event to one endpoint at most
 * once
 * every `redeliverEventIntervalSeconds`, and at most `redeliveriesPerEndpointPerHour` redeliveries
 * to an endpoint an hour. The dealer guide states both (checked by a test).
 */
export const redeliverEventIntervalSeconds = 60;
export const redeliveriesPerEndpointPerHour = 30;

export const redeliverMessages = {
  event: "This event was sent again less than a minute ago. Wait a minute before sending it again.",
  endpoint: `This endpoint had ${redeliveriesPerEndpointPerHour} redeliveries in the last hour. Try again later.`,
};
