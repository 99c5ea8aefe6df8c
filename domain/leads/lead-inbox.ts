import * as z from "zod/mini";

export const leadTypes = ["questionnaire", "picked-option", "credit-application", "calculator", "vendor-contact", "footer-message"] as const;
export type LeadType = (typeof leadTypes)[number];

export const leadTypeLabels: Record<LeadType, string> = {
  questionnaire: "Pre-qualification",
  "picked-option": "Picked option",
  "credit-application": "Credit application",
  calculator: "Calculator",
  "vendor-contact": "Vendor sign-up request",
  "footer-message": "Website message",
};

export const leadStatuses = ["new", "contacted", "closed"] as const;
export type LeadStatus = (typeof leadStatuses)[number];

/** A new lead not contacted within the promised time (the site promises 30 minutes) stands out. */
export function isOverdue(createdAt: Date, status: LeadStatus, now: Date, promisedMinutes: number): boolean {
  return status === "new" && now.getTime() - createdAt.getTime() > promisedMinutes * 60_000;
}

export const leadInboxResponse = z.object({
  leads: z.array(
    z.object({
      type: z.enum(leadTypes),
      id: z.string(),
      createdAt: z.string(),
      title: z.string(),
      contact: z.string(),
      status: z.enum(leadStatuses),
      assignee: z.nullable(z.string()),
      overdue: z.boolean(),
    }),
  ),
});

export type LeadInboxItem = z.infer<typeof leadInboxResponse>["leads"][number];

export const leadUpdateRequest = z.object({
  status: z.optional(z.enum(leadStatuses)),
  assigneeUserId: z.optional(z.nullable(z.string().check(z.minLength(1), z.maxLength(64)))),
});

export const revealRequest = z.object({ field: z.enum(["ssn1", "ssn2", "fedId"]) });

export const creditApplicationDetail = z.object({
  id: z.string(),
  businessName: z.string(),
  fedIdMasked: z.nullable(z.string()),
  business: z.record(z.string(), z.string()),
  owners: z.array(z.object({ position: z.number(), name: z.string(), title: z.string(), ownershipPercent: z.number(), ssnMasked: z.string(), homeEmail: z.string(), homePhone: z.string() })),
});
