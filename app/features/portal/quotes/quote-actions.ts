import {
  resendPortalQuote,
  sendPortalQuote,
  withdrawPortalQuote,
  type NewQuoteRequest,
} from "#domain/quotes/portal-contracts.ts";
import { ApiError, call } from "../../../lib/call.ts";

/** What the Quotes screen posts to its route's action (JSON, field `intent`). */
export const quoteIntents = { send: "send", resend: "resend", withdraw: "withdraw" } as const;

export type QuoteActionInput =
  | { intent: typeof quoteIntents.send; quote: NewQuoteRequest }
  | { intent: typeof quoteIntents.resend | typeof quoteIntents.withdraw; id: string };

export type QuoteActionResult = { ok: boolean; message: string; intent: string };

export async function runQuoteAction(input: QuoteActionInput): Promise<QuoteActionResult> {
  try {
    if (input.intent === quoteIntents.send) {
      const quote = await call(sendPortalQuote, { body: input.quote });
      return { ok: true, intent: input.intent, message: `Quote sent to ${quote.customerEmail}.` };
    }
    if (input.intent === quoteIntents.resend) {
      const quote = await call(resendPortalQuote, { params: { id: input.id } });
      return {
        ok: true,
        intent: input.intent,
        message: `Quote sent again to ${quote.customerEmail}, with a new link valid 30 days.`,
      };
    }
    const quote = await call(withdrawPortalQuote, { params: { id: input.id } });
    return {
      ok: true,
      intent: input.intent,
      message: `Quote to ${quote.customerName} withdrawn: its link no longer fills in an application.`,
    };
  } catch (error) {
    if (error instanceof ApiError)
      return { ok: false, intent: input.intent, message: `That did not work. ${error.message}` };
    throw error;
  }
}
