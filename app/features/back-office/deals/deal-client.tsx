import { useState } from "react";
import {
  downloadBackOfficeDocument,
  revealDealClient,
  type BackOfficeDealDetail,
  type RevealDealClientField,
} from "#domain/deals/back-office-contracts.ts";
import type { DealMessages } from "#domain/deals/portal-contracts.ts";
import { formatUsd } from "#domain/pricing/money-format.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Empty } from "../../../components/ui/page-state.tsx";
import { useToast } from "../../../components/ui/toast.tsx";
import { ApiError, call, downloadUrl } from "../../../lib/call.ts";
import { useConfirmedDownload, useConfirmIdentity } from "../../auth/confirm-identity.tsx";

type Props = {
  deal: BackOfficeDealDetail["deal"];
  client: BackOfficeDealDetail["client"];
  documents: DealMessages["documents"];
};

/** The client, sensitive numbers masked until revealed (confirmed identity, audited), and the deal's documents (downloaded the same way). */
export function DealClient({ deal, client, documents }: Props) {
  const toast = useToast();
  const identity = useConfirmIdentity();
  const download = useConfirmedDownload((message) =>
    toast({ title: "The document was not downloaded", message, tone: "error" }),
  );
  const [revealed, setRevealed] = useState<Partial<Record<RevealDealClientField, string>>>({});
  const reveal = async (field: RevealDealClientField) => {
    try {
      if (!(await identity.confirmed())) return;
      const { value } = await call(revealDealClient, { params: { id: deal.id }, body: { field } });
      setRevealed((current) => ({ ...current, [field]: value }));
    } catch (failure) {
      toast({
        title: "The value was not revealed",
        message: failure instanceof ApiError ? failure.message : "Something went wrong. Please try again.",
        tone: "error",
      });
    }
  };

  return (
    <section aria-labelledby="client-heading">
      {identity.dialog}
      {download.dialog}
      <h2 id="client-heading" className="text-xl font-semibold">
        Client
      </h2>
      <dl className="mt-2 grid gap-1 max-sm:[&_dt]:mt-2 max-sm:[&_dt]:font-semibold sm:grid-cols-[12rem_1fr]">
        <dt>Owner</dt>
        <dd>{deal.ownersName}</dd>
        <dt>Phone</dt>
        <dd>{deal.businessPhone}</dd>
        <dt>E-mail</dt>
        <dd>{deal.businessEmail || "—"}</dd>
        <dt>Equipment</dt>
        <dd>{deal.description || "—"}</dd>
        <dt>Financed</dt>
        <dd>{formatUsd(deal.costOfEquipment - deal.downPayment)}</dd>
        <dt>Customer number</dt>
        <dd>{client?.customerNumber ?? "—"}</dd>
        <dt>Tax ID</dt>
        <dd>
          {revealed.taxId ?? client?.taxIdMasked ?? "—"}
          {client?.taxIdMasked && !revealed.taxId ? (
            <Button variant="ghost" onClick={() => void reveal("taxId")} aria-label="Reveal the client's tax ID">
              Reveal
            </Button>
          ) : null}
        </dd>
        <dt>Date of birth</dt>
        <dd>
          {revealed.dob ?? (client?.hasDateOfBirth ? "••••-••-••" : "—")}
          {client?.hasDateOfBirth && !revealed.dob ? (
            <Button variant="ghost" onClick={() => void reveal("dob")} aria-label="Reveal the owner's date of birth">
              Reveal
            </Button>
          ) : null}
        </dd>
      </dl>
      <h3 className="mt-4 font-semibold">Documents</h3>
      {documents.length === 0 ? (
        <Empty className="mt-1">No documents.</Empty>
      ) : (
        <ul className="mt-1 list-disc pl-5">
          {documents.map((doc) => (
            <li key={doc.id}>
              <a
                href={downloadUrl(downloadBackOfficeDocument, { params: { id: doc.id } })}
                onClick={download.onClick}
                className="text-brand-700 underline"
              >
                {doc.name}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
