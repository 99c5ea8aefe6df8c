import { readFile } from "node:fs/promises";
import * as z from "zod/mini";
import { describe, expect, it } from "vitest";
import { webhookEventSchemas } from "#domain/webhooks/event-payloads.ts";
import { webhookEventTypes, type WebhookEventType } from "#domain/webhooks/events.ts";
import { v1Document, webhookEventComponentName } from "./v1-document.ts";

// The guide's webhook section promises the bodies of domain/webhooks/event-payloads.ts: its table names
// every event the portal offers, and each of its examples is a valid body with nothing more.

const guide = await readFile(new URL("./dealer-guide.md", import.meta.url), "utf8");
const webhooks = guide.slice(guide.indexOf("## Webhooks"), guide.indexOf("### Verifying a signature"));
const examples = [...webhooks.matchAll(/```json\n(.*?)\n```/gs)].map(
  (match) => JSON.parse(match[1]!) as { type: WebhookEventType },
);

describe("the dealer guide's webhook events", () => {
  it("lists exactly the events the portal offers", () => {
    const listed = [...webhooks.matchAll(/^\|\s*`([a-z_.]+)`\s*\|/gm)].map((match) => match[1]);
    expect(listed).toEqual([...webhookEventTypes]);
  });

  it("shows a body for every kind of data, each valid against its event's schema and with nothing more", () => {
    expect(examples.length).toBeGreaterThan(0);
    for (const example of examples) {
      expect(webhookEventTypes, example.type).toContain(example.type);
      // Parsing drops keys the schema does not know: equality means nothing extra.
      expect(webhookEventSchemas[example.type].parse(example)).toEqual(example);
    }
    const shown = new Set(examples.map((example) => webhookEventSchemas[example.type].shape.data));
    for (const type of webhookEventTypes)
      expect(shown.has(webhookEventSchemas[type].shape.data), `an example of ${type}'s data`).toBe(true);
  });

  it("publishes each event's schema in the v1 OpenAPI document, with a valid example", () => {
    const document = v1Document({}, { title: "v1", guide, publicUrl: "https://example.com" });
    const schemas = (document.components as { schemas: Record<string, { example: unknown }> }).schemas;
    for (const type of webhookEventTypes) {
      const {
        description: _description,
        example,
        ...published
      } = schemas[webhookEventComponentName(type)] as { description: string; example: unknown };
      expect(published, type).toEqual(
        z.toJSONSchema(webhookEventSchemas[type], { io: "input", unrepresentable: "any" }),
      );
      expect(webhookEventSchemas[type].parse(example)).toEqual(example);
    }
  });
});
