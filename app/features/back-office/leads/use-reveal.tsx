import { useState } from "react";
import { revealCreditApplicationNumber, type SensitiveField } from "#domain/leads/back-office-contracts.ts";
import { Button } from "../../../components/ui/button.tsx";
import { call } from "../../../lib/call.ts";
import { useConfirmIdentity } from "../../auth/confirm-identity.tsx";

/**
 * A credit application's SSN and tax id: masked until Reveal, which asks the user to confirm it is
 * them when the sign-in is not recent and is written to the audit log by the server.
 */
export function useReveal(applicationId: string) {
  const [revealed, setRevealed] = useState<Partial<Record<SensitiveField, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const identity = useConfirmIdentity();

  const reveal = async (field: SensitiveField) => {
    setError(null);
    try {
      if (!(await identity.confirmed())) return;
      const { value } = await call(revealCreditApplicationNumber, { params: { id: applicationId }, body: { field } });
      setRevealed((current) => ({ ...current, [field]: value }));
    } catch (failure) {
      setError(
        failure instanceof Error && "code" in failure ? failure.message : "Something went wrong. Please try again.",
      );
    }
  };

  const sensitive = (field: SensitiveField, masked: string | null, label: string) =>
    masked ? (
      <span className="inline-flex flex-wrap items-center gap-2">
        <span aria-live="polite">{revealed[field] ?? masked}</span>
        {revealed[field] ? null : (
          <Button variant="ghost" onClick={() => void reveal(field)} aria-label={`Reveal ${label}`}>
            Reveal
          </Button>
        )}
      </span>
    ) : (
      "—"
    );

  return { sensitive, error, dialog: identity.dialog };
}
