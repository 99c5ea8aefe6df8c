import * as z from "zod/mini";
import * as v1Contracts from "#domain/api-v1/contracts.ts";
import { v1Prefix } from "#domain/api-v1/contracts.ts";
import type { Endpoint } from "#domain/http/endpoint.ts";
import { webhookEventSchemas, type WebhookEventBody } from "#domain/webhooks/event-payloads.ts";
import { webhookEventLabels, webhookEventTypes } from "#domain/webhooks/events.ts";

type Operation = {
  responses?: Record<string, unknown>;
  requestBody?: { content?: Record<string, { schema?: unknown; example?: unknown }> };
  security?: unknown;
  description?: string;
};
export type V1SourceDocument = {
  paths?: Record<string, Record<string, Operation>>;
  components?: Record<string, unknown>;
  info?: Record<string, unknown>;
} & Record<string, unknown>;

const dealId = "0b7a4c6e-3f5d-4a8e-9c21-6d3e8f0a1b2c";

const deal = {
  id: dealId,
  accountNumber: "VP31234",
  businessName: "GRANITE PEAK EXCAVATION",
  ownersName: "MARIA LOPEZ",
  stage: 2,
  notes: "Approved: tier 1",
  costOfEquipment: 85000,
  downPayment: 5000,
  approvedAmount: 80000,
  description: "Compact track loader",
  lastUpdate: "2026-11-20T15:04:05.000Z",
  lastMessageAuthor: "staff",
  vendorHasWritten: true,
  unread: true,
};

/** A deal as GET /api/v1/deals/{id} and the deal webhook events show it. */
const dealDetail = {
  id: dealId,
  accountNumber: "VP31234",
  businessName: "GRANITE PEAK EXCAVATION",
  ownersName: "MARIA LOPEZ",
  stage: 2,
  notes: "Approved: tier 1",
  dealScore: 1,
  costOfEquipment: 85000,
  downPayment: 5000,
  description: "Compact track loader",
  submittedAt: "2026-11-18T14:00:00.000Z",
  lastUpdate: "2026-11-20T15:04:05.000Z",
  referred: false,
};

const eventExample = (type: WebhookEventBody["type"]): WebhookEventBody => {
  const envelope = { id: "5f0d6b1e-2c1a-4c49-9b7e-6f7f1d0f3a20", created: 1_795_100_645 };
  if (type === "quote.applied")
    return {
      ...envelope,
      type,
      data: {
        id: "2b9c4d1e-7a3f-4e8b-9c0d-1e2f3a4b5c6d",
        customerName: "Casey Customer",
        price: 45000,
        appliedAt: "2026-11-20T15:04:05.000Z",
      },
    };
  const stip = {
    id: "7c3e9a1d-4b2f-4e6a-8d0c-2f1e3a4b5c6d",
    name: "Voided business check",
    description: "A voided check from the business account the payments will come from.",
    satisfiedBy: "applicant" as const,
  };
  const signingPackage = (status: "sent" | "completed" | "declined") => ({
    id: "0e6f2a4c-8b1d-4f3e-9a7c-5d2b1e0f3c4a",
    status,
    sentAt: "2026-11-23T15:00:00.000Z",
    expiresAt: "2026-12-07T15:00:00.000Z",
    completedAt: status === "completed" ? "2026-11-24T16:20:00.000Z" : null,
    endedReason: status === "declined" ? "The payment amount is not what we agreed." : "",
    documents: [
      {
        id: "3a1b5c7d-9e2f-4a6b-8c0d-1e3f5a7b9c2d",
        title: "Equipment finance agreement",
        signedAt: status === "sent" ? null : "2026-11-24T16:18:00.000Z",
      },
      {
        id: "4b2c6d8e-0f3a-4b7c-9d1e-2f4a6b8c0d3e",
        title: "Personal guaranty",
        signedAt: status === "completed" ? "2026-11-24T16:19:00.000Z" : null,
      },
    ],
    signers: [
      {
        id: "6d4e8f0a-2b5c-4d9e-8f3a-4b6c8d0e2f5a",
        name: "MARIA LOPEZ",
        status:
          status === "declined" ? ("declined" as const) : status === "sent" ? ("opened" as const) : ("signed" as const),
        signedAt: status === "completed" ? "2026-11-24T16:19:00.000Z" : null,
        inPerson: false,
      },
    ],
  });
  switch (type) {
    case "documents.sent":
    case "documents.completed":
      return {
        ...envelope,
        type,
        data: {
          ...dealDetail,
          stage: type === "documents.sent" ? 3 : 4,
          package: signingPackage(type === "documents.sent" ? "sent" : "completed"),
        },
      } as WebhookEventBody;
    case "documents.signed":
      return {
        ...envelope,
        type,
        data: {
          ...dealDetail,
          stage: 3,
          package: signingPackage("completed"),
          signerId: "6d4e8f0a-2b5c-4d9e-8f3a-4b6c8d0e2f5a",
        },
      };
    case "documents.declined":
      return { ...envelope, type, data: { ...dealDetail, stage: 3, package: signingPackage("declined") } };
    case "deal.approved":
      return {
        ...envelope,
        type,
        data: {
          ...dealDetail,
          approval: {
            amountCents: 8_000_000,
            termMonths: 48,
            paymentCents: 198_450,
            rateBasisPoints: null,
            downPaymentCents: 500_000,
            conditions: "Proof of insurance before funding.",
            expiresOn: "2026-12-20",
          },
        },
      };
    case "deal.funded":
      return {
        ...envelope,
        type,
        data: {
          ...dealDetail,
          stage: 6,
          funding: {
            status: "funded",
            fundedOn: "2026-09-25",
            amountFinancedCents: 8_000_000,
            equipmentCostCents: 8_500_000,
            downPaymentCents: 500_000,
            feesCents: 39_500,
            earningsCents: 0,
            amountCents: 7_960_500,
            cancelledOn: null,
          },
        },
      };
    case "deal.stips_requested":
      return { ...envelope, type, data: { ...dealDetail, stips: [{ ...stip, status: "requested", reason: "" }] } };
    case "deal.stip_reviewed":
      return {
        ...envelope,
        type,
        data: {
          ...dealDetail,
          stip: { ...stip, status: "rejected", reason: "The check is not from the business account." },
        },
      };
    default:
      return { ...envelope, type, data: dealDetail };
  }
};

/** Each webhook event's body (domain/webhooks/event-payloads.ts) as a schema component, with an example. */
const webhookEventComponents = Object.fromEntries(
  webhookEventTypes.map((type) => [
    webhookEventComponentName(type),
    {
      ...jsonSchema(webhookEventSchemas[type]),
      description: `${webhookEventLabels[type]}: the body of a \`${type}\` delivery.`,
      example: eventExample(type),
    },
  ]),
);

const newDeal = {
  businessName: "Granite Peak Excavation",
  ownersName: "Maria Lopez",
  businessPhone: "(559) 555-0142",
  businessEmail: "office@granitepeak.example",
  equipDesc: "Compact track loader",
  costOfEq: "85,000.00",
  downPayment: "5,000.00",
  businessTaxId: "98-7654321",
  dobContact: "",
  VendorComment: "Customer prefers a 48-month term.",
};

function jsonSchema(schema: z.ZodMiniType) {
  return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
}

/** `/api/v1/deals/:id` as OpenAPI writes it: `/api/v1/deals/{id}`. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}");
const v1Endpoints = (Object.values(v1Contracts) as unknown[]).filter(
  (value): value is Endpoint => typeof value === "object" && value !== null && "method" in value && "path" in value,
);

/** The v1 document's component of a webhook event's body: `webhook.deal.created`. */
export function webhookEventComponentName(type: WebhookEventBody["type"]): string {
  return `webhook.${type}`;
}
/**
 * The creates that take JSON as well as multipart (`multipart.json` in their contract): their JSON
 * body, beside the multipart form the route's schema documents.
 */
const jsonBodies: Record<string, z.ZodMiniType> = Object.fromEntries(
  v1Endpoints.flatMap((endpoint) =>
    endpoint.multipart?.json
      ? [[`${endpoint.method.toLowerCase()} ${openApiPath(endpoint.path)}`, endpoint.multipart.json]]
      : [],
  ),
);

/** Examples by "METHOD path": the request body (JSON) and the success answer. */
const examples: Record<string, { request?: unknown; response: unknown }> = {
  "get /api/v1/deals": { response: { deals: [deal], nextCursor: `2026-11-20T15:04:05.000Z|${dealId}` } },
  "post /api/v1/deals": { request: newDeal, response: { id: dealId, accountNumber: "VP31234" } },
  "get /api/v1/deals/{id}": {
    response: {
      deal: dealDetail,
      history: [{ field: "stage", from: "1", to: "2", at: "2026-11-20T15:04:05.000Z" }],
    },
  },
  "post /api/v1/deals/{id}/documents": { response: { ids: ["6c1f0e2a-8b3d-4f5e-a6b7-c8d9e0f1a2b3"] } },
  "get /api/v1/deals/{id}/messages": {
    response: {
      messages: [
        {
          id: "9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b",
          author: "staff",
          body: "Please send the last three bank statements.",
          createdAt: "2026-11-20T15:04:05.000Z",
          attachments: [],
        },
      ],
      documents: [{ id: "6c1f0e2a-8b3d-4f5e-a6b7-c8d9e0f1a2b3", name: "application.pdf", slot: "client-info" }],
    },
  },
  "post /api/v1/deals/{id}/messages": {
    request: { body: "Statements attached." },
    response: { id: "9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b" },
  },
  "get /api/v1/dashboard": {
    response: {
      applications: 12,
      approved: { count: 7, total: 412000 },
      funded: { count: 4, total: 236500 },
      tiers: { 1: 50, 2: 33, 3: 17 },
    },
  },
  "post /api/v1/quotes": {
    request: {
      price: 85000,
      creditScore: 720,
      oldestDebtUnderFiveYears: false,
      bankruptcy: false,
      firstTimeBuyer: false,
      businessStartYear: 2015,
      monthlyEarnings: 40000,
    },
    response: undefined,
  },
};

const errorShape = {
  type: "object",
  required: ["code", "message"],
  properties: {
    code: { type: "string", description: "Stable: match on it." },
    message: { type: "string", description: "For people; its words may change." },
    details: {
      type: "array",
      items: { type: "object", properties: { path: { type: "string" }, message: { type: "string" } } },
    },
    requestId: { type: "string", description: "On a 5xx: quote it to us." },
  },
  example: { code: "NOT_FOUND", message: "Not found." },
};

const errorResponses = {
  "400": "VALIDATION_FAILED or BAD_REQUEST",
  "401": "UNAUTHENTICATED: no key, or a malformed, unknown or revoked key",
  "404": "NOT_FOUND (another company's deal too)",
  "409":
    "CONFLICT: the Idempotency-Key was used for another request, or is still running; or the deal does not take a message now",
  "413": "PAYLOAD_TOO_LARGE",
  "415": "UNSUPPORTED_MEDIA_TYPE: a document whose content is not an accepted type",
  "429": "RATE_LIMITED",
};

/**
 * The public OpenAPI document of v1 (/api/v1/docs/json): only /api/v1's endpoints, from the same
 * route schemas as /api/docs, with the dealer guide as its description, bearer security, the
 * one error shape and examples.
 */
export function v1Document(
  full: V1SourceDocument,
  { title, guide, publicUrl }: { title: string; guide: string; publicUrl: string },
): V1SourceDocument {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const [path, methods] of Object.entries(full.paths ?? {})) {
    if (!path.startsWith(v1Prefix) || path.startsWith(`${v1Prefix}docs`)) continue;
    paths[path] = Object.fromEntries(
      Object.entries(methods).map(([method, operation]) => {
        const example = examples[`${method} ${path}`];
        const responses: Record<string, unknown> = { ...operation.responses };
        for (const status of ["200", "201"]) {
          const answer = responses[status] as { content?: Record<string, { example?: unknown }> } | undefined;
          const json = answer?.content?.["application/json"];
          if (json && example?.response !== undefined) json.example = example.response;
        }
        for (const [status, description] of Object.entries(errorResponses)) {
          responses[status] = {
            description,
            content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
          };
        }
        let requestBody = operation.requestBody;
        const json = jsonBodies[`${method} ${path}`];
        if (json)
          requestBody = {
            ...requestBody,
            content: { "application/json": { schema: jsonSchema(json) }, ...requestBody?.content },
          };
        if (example?.request !== undefined) {
          requestBody = {
            ...requestBody,
            content: {
              ...requestBody?.content,
              "application/json": { ...requestBody?.content?.["application/json"], example: example.request },
            },
          };
        }
        return [method, { ...operation, ...(requestBody ? { requestBody } : {}), responses }];
      }),
    );
  }
  return {
    ...full,
    info: { title, version: "1", description: guide },
    servers: [{ url: publicUrl }],
    paths,
    components: {
      ...(full.components ?? {}),
      schemas: {
        ...((full.components?.schemas as Record<string, unknown> | undefined) ?? {}),
        Error: errorShape,
        ...webhookEventComponents,
      },
      securitySchemes: {
        apiKey: { type: "http", scheme: "bearer", description: "Authorization: Bearer kec_live_..." },
      },
    },
    security: [{ apiKey: [] }],
  };
}
