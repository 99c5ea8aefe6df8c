import { useState } from "react";
import { revealCreditApplicationNumber, type CreditApplicationDetail, type SensitiveField } from "#domain/api/back-office-leads.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { call } from "../../../lib/call.ts";
import { useConfirmIdentity } from "../confirm-identity.tsx";

/** A credit application with SSN and tax id masked; Reveal shows one value and is audited. */
export function CreditApplicationDetailView({ detail }: { detail: CreditApplicationDetail }) {
  const [revealed, setRevealed] = useState<Partial<Record<SensitiveField, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const identity = useConfirmIdentity();

  const reveal = async (field: SensitiveField) => {
    setError(null);
    try {
      if (!(await identity.confirmed())) return;
      const { value } = await call(revealCreditApplicationNumber, { params: { id: detail.id }, body: { field } });
      setRevealed((current) => ({ ...current, [field]: value }));
    } catch (failure) {
      setError(failure instanceof Error && "code" in failure ? failure.message : "Something went wrong. Please try again.");
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

  return (
    <>
      <h1 className="text-2xl font-bold">{detail.businessName}</h1>
      <p className="mt-1 text-sm text-slate-700">Every reveal is written to the audit log with your name.</p>
      {identity.dialog}
      {error ? <Alert className="mt-4">{error}</Alert> : null}
      <dl className="mt-4 grid gap-1 max-sm:[&_dt]:mt-2 max-sm:[&_dt]:font-semibold sm:grid-cols-[14rem_1fr]">
        <dt>Federal tax ID</dt>
        <dd>{sensitive("fedId", detail.fedIdMasked, "federal tax ID")}</dd>
        {Object.entries(detail.business)
          .filter(([key]) => !["id", "businessName", "acceptCheck"].includes(key))
          .map(([key, value]) => (
            <div key={key} className="contents">
              <dt>{key}</dt>
              <dd>{value || "—"}</dd>
            </div>
          ))}
      </dl>
      {detail.owners.map((owner) => (
        <section key={owner.position} aria-labelledby={`owner-${owner.position}`} className="mt-6">
          <h2 id={`owner-${owner.position}`} className="text-lg font-semibold">
            Owner {owner.position}: {owner.name}
          </h2>
          <dl className="mt-2 grid gap-1 max-sm:[&_dt]:mt-2 max-sm:[&_dt]:font-semibold sm:grid-cols-[14rem_1fr]">
            <dt>Title</dt>
            <dd>{owner.title}</dd>
            <dt>Ownership</dt>
            <dd>{owner.ownershipPercent}%</dd>
            <dt>Social Security number</dt>
            <dd>{sensitive(owner.position === 1 ? "ssn1" : "ssn2", owner.ssnMasked, `owner ${owner.position}'s Social Security number`)}</dd>
            <dt>Contact</dt>
            <dd>
              {owner.homePhone} · {owner.homeEmail}
            </dd>
          </dl>
        </section>
      ))}
    </>
  );
}
