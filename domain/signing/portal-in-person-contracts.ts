import * as z from "zod/mini";
import { endpoint } from "../http/endpoint.ts";
import { signerCode, signerLinkToken } from "./signer-contracts.ts";

// Signing in person at the dealer's (docs/product-rules.md#r57-documents-and-e-signature): a dealer user
// starts the ceremony on their own device for a signer of their company's deal; a code goes to the
// signer's own address, and only that code opens the signer's session on the device.

export const inPersonParams = z.object({ id: z.uuid(), signerId: z.uuid() });

export const inPersonStarted = z.object({
  /**
   * The in-person link's token, for this device only (never mailed): the confirm sends it back with
   * the code. Without the signer's code it opens nothing.
   */
  token: z.string(),
  signerName: z.string(),
  /** The dealer's company, for the ceremony's banner. */
  dealerName: z.string(),
  /** Where the code went, masked ("d•••@harbor.example"). */
  sentTo: z.string(),
  expiresInMinutes: z.number(),
});
export type InPersonStarted = z.infer<typeof inPersonStarted>;

export const startInPersonSigning = endpoint({
  method: "POST",
  path: "/api/portal/deals/:id/signing/signers/:signerId/in-person",
  audience: "vendor",
  summary:
    "Start signing in person on this device for a signer of the deal's package out for signature: mails the signer a one-time code",
  tags: ["portal"],
  params: inPersonParams,
  responses: { 200: inPersonStarted },
  errors: ["NOT_FOUND", "CONFLICT", "GONE"],
});

export const confirmInPersonSigning = endpoint({
  method: "POST",
  path: "/api/portal/deals/:id/signing/signers/:signerId/in-person/session",
  audience: "vendor",
  summary:
    "Confirm the code the signer received: opens the signer's ceremony on this device (an httpOnly cookie), recorded as signed in person",
  tags: ["portal"],
  params: inPersonParams,
  body: z.object({ token: signerLinkToken, code: signerCode }),
  responses: { 200: z.object({ ok: z.literal(true) }) },
  errors: ["NOT_FOUND", "CONFLICT", "GONE"],
});
