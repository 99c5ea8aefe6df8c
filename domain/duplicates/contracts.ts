import * as z from "zod/mini";
import { matchKinds } from "./match-keys.ts";
import { endpoint } from "../http/endpoint.ts";

export const duplicateRecordTypes = ["deal", "credit-application", "calculator"] as const;
export type DuplicateRecordType = (typeof duplicateRecordTypes)[number];
export const duplicateStatuses = ["open", "merged", "dismissed"] as const;

export const duplicateRecord = z.object({
  type: z.enum(duplicateRecordTypes),
  id: z.string(),
  /** Business (or owner) name and, for a deal, its account number and vendor company: staff only. */
  title: z.string(),
  createdAt: z.string(),
});

export const duplicateLink = z.object({
  id: z.string(),
  newer: duplicateRecord,
  earlier: duplicateRecord,
  /** What matched (`matchKinds`): the business's tax id, e-mail, phone; an owner's SSN, home phone, home e-mail. */
  reasons: z.array(z.enum(matchKinds)),
  status: z.enum(duplicateStatuses),
  decidedBy: z.nullable(z.string()),
  decidedAt: z.nullable(z.string()),
  createdAt: z.string(),
});

export type DuplicateLink = z.infer<typeof duplicateLink>;

const staffErrors = ["FORBIDDEN", "TWO_FACTOR_REQUIRED"] as const;

export const listDuplicates = endpoint({
  method: "GET",
  path: "/api/back-office/duplicates",
  audience: "staff",
  summary: "Possible duplicates (newest first); open ones unless a status is asked",
  tags: ["back office"],
  query: z.object({ status: z.optional(z.enum(duplicateStatuses)) }),
  responses: { 200: z.object({ links: z.array(duplicateLink) }) },
  errors: [...staffErrors],
});

export const listRecordDuplicates = endpoint({
  method: "GET",
  path: "/api/back-office/duplicates/:type/:id",
  audience: "staff",
  summary: "The duplicate links of one deal, application or calculator lead",
  tags: ["back office"],
  params: z.object({ type: z.enum(duplicateRecordTypes), id: z.uuid() }),
  responses: { 200: z.object({ links: z.array(duplicateLink) }) },
  errors: [...staffErrors],
});

export const decideDuplicate = endpoint({
  method: "POST",
  path: "/api/back-office/duplicates/:id/decision",
  audience: "staff",
  summary: "Merge (one file: the newer record points to the earlier) or dismiss a possible duplicate (audited)",
  tags: ["back office"],
  params: z.object({ id: z.uuid() }),
  body: z.object({ decision: z.enum(["merge", "dismiss"]) }),
  responses: { 200: duplicateLink },
  errors: [...staffErrors, "NOT_FOUND", "CONFLICT"],
});
