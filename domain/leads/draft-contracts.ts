import {
  resumeDraftRequest,
  resumeDraftResponse,
  saveDraftRequest,
  saveDraftResponse,
} from "./credit-application-draft-schema.ts";
import { endpoint } from "../http/endpoint.ts";

// "Save and finish later" on /ApplyNow (docs/product-rules.md#r6-save-and-finish-later). Public; /ApplyNow imports this
// file.

export const saveCreditApplicationDraft = endpoint({
  method: "POST",
  path: "/api/leads/credit-application-drafts",
  audience: "public",
  summary: "Save a credit application half-way and mail a link that reopens it",
  tags: ["leads"],
  body: saveDraftRequest,
  responses: { 201: saveDraftResponse },
  errors: [],
});

export const resumeCreditApplicationDraft = endpoint({
  method: "POST",
  path: "/api/leads/credit-application-drafts/resume",
  audience: "public",
  summary: "Reopen a saved credit application with its link's token",
  tags: ["leads"],
  body: resumeDraftRequest,
  responses: { 200: resumeDraftResponse },
  errors: ["GONE"],
});
