import { deactivateStaffMember, reactivateStaffMember } from "#domain/accounts/staff-contracts.ts";
import { ApiError, call } from "../../../lib/call.ts";

/** What a staff member's buttons post to the staff route's action (field `intent`, with `userId`). */
export const staffIntents = { deactivate: "deactivate", reactivate: "reactivate" } as const;

export type StaffActionResult = { ok: boolean; message: string };

/** The staff screen's action: deactivate or reactivate a staff or admin account. */
export async function runStaffAction(form: FormData): Promise<StaffActionResult> {
  const params = { userId: String(form.get("userId") ?? "") };
  try {
    if (form.get("intent") === staffIntents.deactivate) {
      await call(deactivateStaffMember, { params });
      return { ok: true, message: "Account deactivated: signed out everywhere, and sign-in is refused." };
    }
    if (form.get("intent") === staffIntents.reactivate) {
      await call(reactivateStaffMember, { params });
      return { ok: true, message: "Account reactivated: they can sign in again and were told by e-mail." };
    }
    return { ok: false, message: "That did not work: unknown action." };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, message: `That did not work. ${error.message}` };
    throw error;
  }
}
