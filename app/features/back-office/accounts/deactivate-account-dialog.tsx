import type { ReactNode } from "react";
import type { FetcherWithComponents } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";

/**
 * The confirmation before an account (staff or vendor) is deactivated: what it does, then Cancel
 * or "Deactivate <name>", posted through the screen's fetcher with `userId` and `intent`.
 */
export function DeactivateAccountDialog<T>({
  fetcher,
  account,
  intent,
  open,
  onClose,
  children,
}: {
  fetcher: FetcherWithComponents<T>;
  account: { id: string; name: string };
  intent: string;
  open: boolean;
  onClose: () => void;
  /** What deactivating this account does, in a sentence or two. */
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={`Deactivate ${account.name}?`} role="alertdialog">
      <p>{children}</p>
      <fetcher.Form method="post" className="mt-6 flex flex-wrap justify-end gap-2" onSubmit={onClose}>
        <input type="hidden" name="userId" value={account.id} />
        <Button type="button" variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" name="intent" value={intent}>
          Deactivate {account.name}
        </Button>
      </fetcher.Form>
    </Dialog>
  );
}
