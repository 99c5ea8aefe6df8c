import { useEffect, useState } from "react";
import { useParams } from "react-router";
import { Button } from "../components/ui/button.tsx";
import { useConfirmIdentity } from "../features/back-office/confirm-identity.tsx";
import { apiRequest } from "../lib/api.ts";
import { appPageMeta } from "../lib/page-meta.ts";

export const meta = () => appPageMeta("Credit application");

type Detail = {
  id: string;
  businessName: string;
  fedIdMasked: string | null;
  business: Record<string, string>;
  owners: { position: number; name: string; title: string; ownershipPercent: number; ssnMasked: string; homeEmail: string; homePhone: string }[];
};

/** A credit application with SSN and tax id masked; Reveal shows one value and is audited. */
export default function BackOfficeCreditApplication() {
  const { id = "" } = useParams();
  const [detail, setDetail] = useState<Detail | null>(null);
  const [revealed, setRevealed] = useState<Record<string, string>>({});
  const identity = useConfirmIdentity();
  useEffect(() => {
    void apiRequest<Detail>(`/api/back-office/credit-applications/${id}`).then(setDetail);
  }, [id]);
  if (!detail) return <p role="status">Loading…</p>;

  const reveal = async (field: "ssn1" | "ssn2" | "fedId") => {
    if (!(await identity.confirmed())) return;
    const { value } = await apiRequest<{ value: string }>(`/api/back-office/credit-applications/${id}/reveal`, { body: { field } });
    setRevealed((current) => ({ ...current, [field]: value }));
  };
  const sensitive = (field: "ssn1" | "ssn2" | "fedId", masked: string | null, label: string) =>
    masked ? (
      <span className="inline-flex items-center gap-2">
        <span aria-live="polite">{revealed[field] ?? masked}</span>
        {revealed[field] ? null : (
          <Button variant="ghost" onClick={() => reveal(field)} aria-label={`Reveal ${label}`}>
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
      <dl className="mt-4 grid grid-cols-[14rem_1fr] gap-1">
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
          <dl className="mt-2 grid grid-cols-[14rem_1fr] gap-1">
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
