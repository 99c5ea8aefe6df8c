import { z } from "zod";

export const outboxListResponse = z.object({
  mails: z.array(
    z.object({
      id: z.string(),
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      status: z.enum(["pending", "sent"]),
      attempts: z.number(),
      lastError: z.string().nullable(),
      createdAt: z.string(),
      sentAt: z.string().nullable(),
    }),
  ),
});

export type OutboxMail = z.infer<typeof outboxListResponse>["mails"][number];
