import {
  openQuoteLink,
  quoteLinkGoneMessage,
  quoteTokenSchema,
  type QuotePrefill,
} from "#domain/quotes/public-contracts.ts";
import { ApiError, call } from "../../lib/call.ts";

/** A vendor quote's link (`#quote=<token>`: a fragment, never sent to a server): its pre-fill, or why it no longer fills the form. */
export type QuoteLink = { token: string; prefill: QuotePrefill } | { gone: string };

/**
 * For the loader of a page with the credit application: reads `#quote=` and asks the server,
 * which records that the customer opened it. No parameter: null. A link that is expired,
 * withdrawn, unknown or malformed gives its message and the form stays usable without it.
 */
export async function loadQuoteLink(url: string, signal: AbortSignal): Promise<QuoteLink | null> {
  const token = new URLSearchParams(new URL(url).hash.slice(1)).get("quote");
  if (token === null) return null;
  if (!quoteTokenSchema.safeParse(token).success) return { gone: quoteLinkGoneMessage };
  try {
    return { token, prefill: await call(openQuoteLink, { body: { token } }, { signal }) };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return { gone: quoteLinkGoneMessage };
    throw error;
  }
}
