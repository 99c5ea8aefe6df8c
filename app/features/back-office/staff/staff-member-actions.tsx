import { useState } from "react";
import { useFetcher } from "react-router";
import type { StaffMember } from "#domain/accounts/staff-contracts.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { DeactivateAccountDialog } from "../accounts/deactivate-account-dialog.tsx";
import { staffIntents, type StaffActionResult } from "./staff-actions.ts";

/** Deactivate (after a confirmation that says what it does) or Reactivate, posted to the route's action; the outcome is said next to them. */
export function StaffMemberActions({ member, self }: { member: StaffMember; self: boolean }) {
  const fetcher = useFetcher<StaffActionResult>();
  const [confirming, setConfirming] = useState(false);
  const busy = fetcher.state !== "idle";
  const result = busy ? undefined : fetcher.data;
  if (self) return <span className="text-slate-700">You</span>;
  return (
    <div className="space-y-2">
      {member.active ? (
        <Button
          type="button"
          variant="secondary"
          disabled={busy}
          aria-label={`Deactivate ${member.email}`}
          onClick={() => setConfirming(true)}
        >
          Deactivate
        </Button>
      ) : (
        <fetcher.Form method="post">
          <input type="hidden" name="userId" value={member.id} />
          <Button
            type="submit"
            variant="secondary"
            name="intent"
            value={staffIntents.reactivate}
            disabled={busy}
            aria-label={`Reactivate ${member.email}`}
          >
            Reactivate
          </Button>
        </fetcher.Form>
      )}
      <DeactivateAccountDialog
        fetcher={fetcher}
        account={member}
        intent={staffIntents.deactivate}
        open={confirming}
        onClose={() => setConfirming(false)}
      >
        {member.name} ({member.email}) is signed out now, everywhere, and cannot sign in to the back office until an
        administrator reactivates the account. Their mailed links stop working.
      </DeactivateAccountDialog>
      {result ? <Alert tone={result.ok ? "success" : "error"}>{result.message}</Alert> : null}
    </div>
  );
}
