import { bankAccountTypes, type BankAccountType } from "#domain/payout-accounts/payout-account-shapes.ts";
import {
  cancelPayoutAccount,
  confirmPayoutAccount,
  enterPayoutAccount,
  sendPayoutAccountCode,
} from "#domain/payout-accounts/portal-contracts.ts";
import { ApiError, call } from "../../../lib/call.ts";

/** What the payout account screen posts to its route's action (field `intent`). */
export const payoutIntents = { enter: "enter", confirm: "confirm", code: "code", cancel: "cancel" } as const;

export type PayoutActionResult =
  | { ok: true; intent: string; message: string }
  | { ok: false; intent: string; message: string; fields?: Record<string, string> };

const text = (form: FormData, name: string) => String(form.get(name) ?? "");
const accountType = (form: FormData): BankAccountType =>
  (bankAccountTypes as readonly string[]).includes(text(form, "accountType"))
    ? (text(form, "accountType") as BankAccountType)
    : bankAccountTypes[0];

/** The portal's payout account action: enter an account, confirm it, ask for a new code, cancel it. */
export async function runPayoutAccountAction(form: FormData): Promise<PayoutActionResult> {
  const intent = text(form, "intent");
  try {
    switch (intent) {
      case payoutIntents.enter: {
        const entered = await call(enterPayoutAccount, {
          body: {
            holderName: text(form, "holderName"),
            routingNumber: text(form, "routingNumber"),
            accountNumber: text(form, "accountNumber"),
            accountNumberAgain: text(form, "accountNumberAgain"),
            accountType: accountType(form),
          },
        });
        return {
          ok: true,
          intent,
          message:
            entered.factor === "totp"
              ? "Now confirm it with the code from your authenticator app."
              : `We e-mailed a code to ${entered.sentTo ?? "your login address"}. Enter it below to confirm the account.`,
        };
      }
      case payoutIntents.confirm: {
        const { account } = await call(confirmPayoutAccount, { body: { code: text(form, "code") } });
        return {
          ok: true,
          intent,
          message: `The account ${account.accountNumberMasked} is confirmed. ${account.statusText}. Every dealer admin of your company was e-mailed.`,
        };
      }
      case payoutIntents.code: {
        const sent = await call(sendPayoutAccountCode, {});
        return { ok: true, intent, message: `We e-mailed a new code to ${sent.sentTo ?? "your login address"}.` };
      }
      case payoutIntents.cancel:
        await call(cancelPayoutAccount, {});
        return { ok: true, intent, message: "The change is cancelled. Your payout account is as it was." };
      default:
        return { ok: false, intent, message: "That did not work. Please reload the page." };
    }
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, intent, message: error.message };
    throw error;
  }
}
