import {
  changeVendorCompanySlug,
  deactivateVendor,
  reactivateVendor,
  resendVendorInvitation,
  vendorSlugRequest,
} from "#domain/vendors/contracts.ts";
import { dealerRoleLabels, dealerRoles } from "#domain/auth/dealer-roles.ts";
import { changeVendorDealerRole } from "#domain/team/contracts.ts";
import { ApiError, call } from "../../../lib/call.ts";

/** What a vendor user's buttons post to the vendors route's action (field `intent`, with `userId`). */
export const vendorIntents = {
  deactivate: "deactivate",
  reactivate: "reactivate",
  resendInvitation: "resend-invitation",
  changeSlug: "change-slug",
  dealerRole: "dealer-role",
} as const;

/** `slugError`: what is wrong with a new link address (shown at the field). */
export type VendorActionResult = { ok: boolean; message: string; slugError?: string };

/** A company's new link address (`companyId`, `slug`), checked by the endpoint's own schema first. */
async function changeSlug(form: FormData): Promise<VendorActionResult> {
  const parsed = vendorSlugRequest.safeParse({ slug: form.get("slug") ?? "" });
  if (!parsed.success) {
    const slugError = parsed.error.issues[0]?.message ?? "Please check the link address.";
    return { ok: false, message: `The link address was not changed. ${slugError}`, slugError };
  }
  try {
    const changed = await call(changeVendorCompanySlug, {
      params: { companyId: String(form.get("companyId") ?? "") },
      body: parsed.data,
    });
    return {
      ok: true,
      message: `Link address changed to /vendor_partner/${changed.slug}. The old address no longer works.`,
    };
  } catch (error) {
    if (error instanceof ApiError)
      return {
        ok: false,
        message: `The link address was not changed. ${error.message}`,
        slugError: error.code === "CONFLICT" ? error.message : undefined,
      };
    throw error;
  }
}

/** The vendors screen's action: deactivate or reactivate a vendor user, mail their invitation again, or change a company's link address. */
export async function runVendorAction(form: FormData): Promise<VendorActionResult> {
  const userId = String(form.get("userId") ?? "");
  const intent = form.get("intent");
  if (intent === vendorIntents.changeSlug) return changeSlug(form);
  try {
    if (intent === vendorIntents.deactivate) {
      await call(deactivateVendor, { params: { userId } });
      return { ok: true, message: "Vendor deactivated" };
    }
    if (intent === vendorIntents.reactivate) {
      await call(reactivateVendor, { params: { userId } });
      return { ok: true, message: "Vendor reactivated: they can sign in again and were told by e-mail" };
    }
    if (intent === vendorIntents.dealerRole) {
      const dealerRole = form.get("dealerRole") === dealerRoles.admin ? dealerRoles.admin : dealerRoles.rep;
      await call(changeVendorDealerRole, { params: { userId }, body: { dealerRole } });
      return { ok: true, message: `Now ${dealerRoleLabels[dealerRole].toLowerCase()} of their company` };
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
