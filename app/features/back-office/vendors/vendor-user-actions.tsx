import { useFetcher } from "react-router";
import type { VendorUser } from "#domain/api/vendors.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { vendorIntents, type VendorActionResult } from "./vendor-actions.ts";

/** Resend invitation (invited vendors) and Deactivate, posted to the route's action; the outcome is said next to them. */
export function VendorUserActions({ user }: { user: VendorUser }) {
  const fetcher = useFetcher<VendorActionResult>();
  const busy = fetcher.state !== "idle";
  const result = busy ? undefined : fetcher.data;
  return (
    <div className="space-y-2">
      {user.active ? (
        <fetcher.Form method="post" className="flex flex-wrap gap-2">
          <input type="hidden" name="userId" value={user.id} />
          {user.verified ? null : (
            <Button type="submit" variant="secondary" name="intent" value={vendorIntents.resendInvitation} disabled={busy} aria-label={`Resend invitation to ${user.email}`}>
              Resend invitation
            </Button>
          )}
          <Button type="submit" variant="secondary" name="intent" value={vendorIntents.deactivate} disabled={busy} aria-label={`Deactivate ${user.email}`}>
            Deactivate
          </Button>
        </fetcher.Form>
      ) : null}
      {result ? <Alert tone={result.ok ? "success" : "error"}>{result.message}</Alert> : null}
    </div>
  );
}
