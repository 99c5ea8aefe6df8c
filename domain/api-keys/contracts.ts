import * as z from "zod/mini";
import { apiKeyName } from "./api-key-text.ts";
import { endpoint } from "../http/endpoint.ts";
import { idParams, okResponse } from "../deals/portal-contracts.ts";

// API keys of a vendor company (docs/product-rules.md#r26-api-keys): its vendor users create, list and revoke them in
// the
// portal; staff see and revoke any company's in the back office.

export const apiKeySummary = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters: enough to tell keys apart, never enough to use one. */
  prefix: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  lastUsedAt: z.nullable(z.string()),
});

export type ApiKeySummary = z.infer<typeof apiKeySummary>;

export const apiKeyListResponse = z.object({ keys: z.array(apiKeySummary) });

export const createApiKeyRequest = z.object({ name: apiKeyName });

/** The whole key, in this answer only: it is stored hashed and never shown again. */
export const apiKeyCreatedResponse = z.object({ key: apiKeySummary, secret: z.string() });

export const listPortalApiKeys = endpoint({
  method: "GET",
  path: "/api/portal/api-keys",
  audience: "dealer-admin",
  summary: "The company's API keys that are not revoked",
  tags: ["portal"],
  responses: { 200: apiKeyListResponse },
  errors: ["FORBIDDEN"],
});

export const createPortalApiKey = endpoint({
  method: "POST",
  path: "/api/portal/api-keys",
  audience: "dealer-admin",
  freshFactor: true,
  summary:
    "Create an API key for the company (the key is in this answer only; a factor proved within the last minutes; mailed to the company's dealer admins)",
  tags: ["portal"],
  body: createApiKeyRequest,
  responses: { 201: apiKeyCreatedResponse },
  errors: ["FORBIDDEN", "REAUTHENTICATION_REQUIRED"],
});

export const revokePortalApiKey = endpoint({
  method: "POST",
  path: "/api/portal/api-keys/:id/revoke",
  audience: "dealer-admin",
  summary: "Revoke one of the company's API keys (refused from the next request on)",
  tags: ["portal"],
  params: idParams,
  responses: { 200: okResponse },
  errors: ["FORBIDDEN", "NOT_FOUND"],
});

export const backOfficeApiKeyListResponse = z.object({
  keys: z.array(z.extend(apiKeySummary, { companyId: z.string(), companyName: z.string() })),
});

export type BackOfficeApiKey = z.infer<typeof backOfficeApiKeyListResponse>["keys"][number];

export const listBackOfficeApiKeys = endpoint({
  method: "GET",
  path: "/api/back-office/api-keys",
  audience: "staff",
  summary: "Every company's API keys that are not revoked (or one company's)",
  tags: ["back office"],
  query: z.object({ company: z.optional(z.uuid()) }),
  responses: { 200: backOfficeApiKeyListResponse },
  errors: ["FORBIDDEN"],
});

export const revokeBackOfficeApiKey = endpoint({
  method: "POST",
  path: "/api/back-office/api-keys/:id/revoke",
  audience: "staff",
  summary: "Revoke any company's API key (audited)",
  tags: ["back office"],
  params: idParams,
  responses: { 200: okResponse },
  errors: ["FORBIDDEN", "NOT_FOUND"],
});
