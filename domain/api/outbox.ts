import * as z from "zod/mini";

export const outboxListResponse = z.object({
  mails: z.array(
    z.object({
      id: z.string(),
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      status: z.enum(["pending", "sent"]),
      attempts: z.number(),
      lastError: z.nullable(z.string()),
      createdAt: z.string(),
      sentAt: z.nullable(z.string()),
    }),
  ),
});

export type OutboxMail = z.infer<typeof outboxListResponse>["mails"][number];
