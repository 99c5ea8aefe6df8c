import { useState } from "react";
import { useFetcher } from "react-router";
import { dealerRoleLabels, dealerRoles } from "#domain/auth/dealer-roles.ts";
import type { VendorUser } from "#domain/vendors/contracts.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { DeactivateAccountDialog } from "../accounts/deactivate-account-dialog.tsx";
import { vendorIntents, type VendorActionResult } from "./vendor-actions.ts";

/**
 * Resend invitation (invited vendors), Make dealer admin / sales rep, Deactivate (after a confirmation that says what it does)
 * and Reactivate (deactivated vendors), posted to the route's action; the outcome is said next to them.
 */
export function VendorUserActions({ user }: { user: VendorUser }) {
  const fetcher = useFetcher<VendorActionResult>();
  const [confirming, setConfirming] = useState(false);
  const busy = fetcher.state !== "idle";
  const result = busy ? undefined : fetcher.data;
  const otherRole = user.dealerRole === dealerRoles.admin ? dealerRoles.rep : dealerRoles.admin;
  return (
    <div className="space-y-2">
      {user.active ? (
        <div className="flex flex-wrap gap-2">
          {user.verified ? null : (
            <fetcher.Form method="post">
              <input type="hidden" name="userId" value={user.id} />
              <Button
                type="submit"
                variant="secondary"
                name="intent"
                value={vendorIntents.resendInvitation}
                disabled={busy}
                aria-label={`Resend invitation to ${user.email}`}
              >
                Resend invitation
              </Button>
            </fetcher.Form>
          )}
          <fetcher.Form method="post">
            <input type="hidden" name="userId" value={user.id} />
            <input type="hidden" name="dealerRole" value={otherRole} />
            <Button
              type="submit"
              variant="secondary"
              name="intent"
              value={vendorIntents.dealerRole}
              disabled={busy}
              aria-label={`Make ${user.email} ${dealerRoleLabels[otherRole].toLowerCase()}`}
            >
              Make {dealerRoleLabels[otherRole].toLowerCase()}
            </Button>
          </fetcher.Form>
          <Button
            type="button"
            variant="secondary"
            disabled={busy}
            aria-label={`Deactivate ${user.email}`}
            onClick={() => setConfirming(true)}
          >
            Deactivate
          </Button>
        </div>
      ) : (
        <fetcher.Form method="post">
          <input type="hidden" name="userId" value={user.id} />
          <Button
            type="submit"
            variant="secondary"
            name="intent"
            value={vendorIntents.reactivate}
            disabled={busy}
            aria-label={`Reactivate ${user.email}`}
          >
            Reactivate
          </Button>
        </fetcher.Form>
      )}
      <DeactivateAccountDialog
        fetcher={fetcher}
        account={user}
        intent={vendorIntents.deactivate}
        open={confirming}
        onClose={() => setConfirming(false)}
      >
        {user.name} ({user.email}) is signed out now, everywhere, and cannot sign in to the vendor portal until an
        administrator reactivates the account. The API keys they created are revoked and their webhook endpoints
        disabled; their company, deals and messages stay as they are.
      </DeactivateAccountDialog>
      {result ? <Alert tone={result.ok ? "success" : "error"}>{result.message}</Alert> : null}
    </div>
  );
}
