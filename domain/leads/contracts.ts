import { creditApplicationRequest } from "./credit-application-schema.ts";
import { footerMessageRequest } from "./footer-message-schema.ts";
import { leadCreatedResponse } from "./lead-created-schema.ts";
import { vendorContactRequest } from "./vendor-contact-schema.ts";
import { endpoint } from "../http/endpoint.ts";

// The public forms that store a lead: 201 for a new one, 200 with the same id for a repeated idempotency key.
// Public pages import this file: keep it to these contracts (the staff side is in back-office-leads.ts).

export const sendFooterMessage = endpoint({
  method: "POST",
  path: "/api/leads/footer-message",
  audience: "public",
  summary: "Footer contact form",
  tags: ["leads"],
  body: footerMessageRequest,
  responses: { 200: leadCreatedResponse, 201: leadCreatedResponse },
  errors: [],
});

export const sendVendorContact = endpoint({
  method: "POST",
  path: "/api/leads/vendor-contact",
  audience: "public",
  summary: "Vendor sign-up contact dialog",
  tags: ["leads"],
  body: vendorContactRequest,
  responses: { 200: leadCreatedResponse, 201: leadCreatedResponse },
  errors: [],
});

export const submitCreditApplication = endpoint({
  method: "POST",
  path: "/api/leads/credit-application",
  audience: "public",
  summary: "Credit application (/ApplyNow)",
  tags: ["leads"],
  body: creditApplicationRequest,
  responses: { 200: leadCreatedResponse, 201: leadCreatedResponse },
  errors: [],
});
