import { deactivateVendor, reactivateVendor, resendVendorInvitation } from "#domain/api/vendors.ts";
import { ApiError, call } from "../../../lib/call.ts";

/** What a vendor user's buttons post to the vendors route's action (field `intent`, with `userId`). */
export const vendorIntents = { deactivate: "deactivate", reactivate: "reactivate", resendInvitation: "resend-invitation" } as const;

export type VendorActionResult = { ok: boolean; message: string };

/** The vendors screen's action: deactivate or reactivate a vendor user, or mail their invitation again. */
export async function runVendorAction(form: FormData): Promise<VendorActionResult> {
  const userId = String(form.get("userId") ?? "");
  const intent = form.get("intent");
  try {
    if (intent === vendorIntents.deactivate) {
      await call(deactivateVendor, { params: { userId } });
      return { ok: true, message: "Vendor deactivated" };
    }
    if (intent === vendorIntents.reactivate) {
      await call(reactivateVendor, { params: { userId } });
      return { ok: true, message: "Vendor reactivated: they can sign in again and were told by e-mail" };
    }
    if (intent === vendorIntents.resendInvitation) {
      await call(resendVendorInvitation, { params: { userId } });
      return { ok: true, message: "Invitation sent again" };
    }
    return { ok: false, message: "That did not work: unknown action." };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, message: `That did not work. ${error.message}` };
    throw error;
  }
}
