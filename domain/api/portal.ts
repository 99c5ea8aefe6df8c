import * as z from "zod/mini";
import { dealCursor } from "./deal-cursor.ts";

export const monthQuery = z.object({
  month: z.optional(z.string().check(z.regex(/^(all|[0-9]|1[01])$/, "month is 0-11 or all"))),
  cursor: z.optional(dealCursor),
});

export const portalDeal = z.object({
  id: z.string(),
  accountNumber: z.string(),
  businessName: z.string(),
  ownersName: z.string(),
  stage: z.number(),
  notes: z.string(),
  costOfEquipment: z.number(),
  downPayment: z.number(),
  description: z.string(),
  lastUpdate: z.string(),
  lastMessageAuthor: z.nullable(z.enum(["vendor", "staff"])),
  vendorHasWritten: z.boolean(),
});

export type PortalDeal = z.infer<typeof portalDeal>;

export const dealListResponse = z.object({ deals: z.array(portalDeal), nextCursor: z.nullable(z.string()) });

export const dashboardResponse = z.object({
  applications: z.number(),
  approved: z.object({ count: z.number(), total: z.number() }),
  funded: z.object({ count: z.number(), total: z.number() }),
  /** Share of all listed deals per credit tier (deal score 1-3), in percent. */
  tiers: z.object({ 1: z.number(), 2: z.number(), 3: z.number() }),
});

export type Dashboard = z.infer<typeof dashboardResponse>;

export const dealMessagesResponse = z.object({
  messages: z.array(
    z.object({
      id: z.string(),
      author: z.enum(["vendor", "staff"]),
      body: z.string(),
      createdAt: z.string(),
      attachments: z.array(z.object({ id: z.string(), name: z.string() })),
    }),
  ),
  documents: z.array(z.object({ id: z.string(), name: z.string(), slot: z.string() })),
});

export type DealMessages = z.infer<typeof dealMessagesResponse>;

export const dealCreatedResponse = z.object({ id: z.string(), accountNumber: z.string() });

export const messageBodySchema = z.string().check(z.trim(), z.minLength(1, "Please write a message."), z.maxLength(5000));
