import { useCallback, useEffect, useState } from "react";
import { useParams } from "react-router";
import type { BackOfficeDealDetail } from "#domain/api/back-office.ts";
import type { DealMessages } from "#domain/api/portal.ts";
import { creditTiers, stageLabel, stageValues } from "#domain/deals/stages.ts";
import { formatUsd } from "#domain/pricing/money-format.ts";
import { Button } from "../components/ui/button.tsx";
import { Form } from "../components/ui/form.tsx";
import { SelectField } from "../components/ui/select-field.tsx";
import { TextField } from "../components/ui/text-field.tsx";
import { useToast } from "../components/ui/toast.tsx";
import { useConfirmIdentity } from "../features/back-office/confirm-identity.tsx";
import { apiRequest } from "../lib/api.ts";
import { appPageMeta } from "../lib/page-meta.ts";

export const meta = () => appPageMeta("Deal");

type Edit = { stage: string; notes: string; dealScore: string; costOfEquipment: string; downPayment: string; declinedReceivedOn: string; declinedCompletedOn: string; declinedNoticeSentOn: string };

export default function BackOfficeDeal() {
  const { id = "" } = useParams();
  const toast = useToast();
  const [detail, setDetail] = useState<BackOfficeDealDetail | null>(null);
  const [thread, setThread] = useState<DealMessages | null>(null);
  const [edit, setEdit] = useState<Edit | null>(null);
  const [reply, setReply] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [revealed, setRevealed] = useState<{ taxId?: string; dob?: string }>({});
  const identity = useConfirmIdentity();
  const reveal = async (field: "taxId" | "dob") => {
    if (!(await identity.confirmed())) return;
    const { value } = await apiRequest<{ value: string }>(`/api/back-office/deals/${id}/reveal`, { body: { field } });
    setRevealed((current) => ({ ...current, [field]: value }));
  };

  const load = useCallback(async () => {
    try {
      const [loaded, messages] = await Promise.all([apiRequest<BackOfficeDealDetail>(`/api/back-office/deals/${id}`), apiRequest<DealMessages>(`/api/back-office/deals/${id}/messages`)]);
      setDetail(loaded);
      setThread(messages);
      const d = loaded.deal;
      setEdit({
        stage: String(d.stage),
        notes: d.notes,
        dealScore: String(d.dealScore),
        costOfEquipment: String(d.costOfEquipment),
        downPayment: String(d.downPayment),
        declinedReceivedOn: d.declinedReceivedOn ?? "",
        declinedCompletedOn: d.declinedCompletedOn ?? "",
        declinedNoticeSentOn: d.declinedNoticeSentOn ?? "",
      });
    } catch (failure) {
      setError((failure as Error).message);
    }
  }, [id]);
  useEffect(() => {
    void load();
  }, [load]);

  if (error) return <p role="alert" className="text-red-800">{error}</p>;
  if (!detail || !edit || !thread) return <p role="status">Loading…</p>;
  const { deal, client, history } = detail;
  const field = (name: keyof Edit) => ({ name, value: edit[name], onChange: (event: { target: { value: string } }) => setEdit({ ...edit, [name]: event.target.value }) });

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      const declined = edit.stage === "0";
      await apiRequest(`/api/back-office/deals/${id}`, {
        method: "PATCH",
        body: {
          stage: Number(edit.stage),
          notes: edit.notes,
          dealScore: Number(edit.dealScore),
          costOfEquipment: Number(edit.costOfEquipment),
          downPayment: Number(edit.downPayment),
          ...(declined
            ? { declinedReceivedOn: edit.declinedReceivedOn || null, declinedCompletedOn: edit.declinedCompletedOn || null, declinedNoticeSentOn: edit.declinedNoticeSentOn || null }
            : {}),
        },
      });
      toast({ title: "Deal saved", tone: "success" });
      await load();
    } catch (failure) {
      toast({ title: "The deal was not saved", message: (failure as Error).message, tone: "error" });
    }
  };

  const sendReply = async (event: React.FormEvent) => {
    event.preventDefault();
    const form = new FormData();
    form.append("body", reply);
    const response = await fetch(`/api/back-office/deals/${id}/messages`, { method: "POST", body: form, credentials: "same-origin" });
    if (response.ok) {
      setReply("");
      toast({ title: "Answer sent to the vendor", tone: "success" });
      await load();
    } else {
      toast({ title: "The answer was not sent", message: (await response.json().catch(() => ({}))).message, tone: "error" });
    }
  };

  return (
    <>
      <h1 className="text-2xl font-bold">{deal.businessName}</h1>
      {identity.dialog}
      <p className="mt-1 text-slate-700">
        {deal.accountNumber} · {deal.companyName} ({deal.vendorEmail}) · {stageLabel(deal.stage)}
      </p>
      <div className="mt-6 grid gap-8 xl:grid-cols-2">
        <section aria-labelledby="client-heading">
          <h2 id="client-heading" className="text-xl font-semibold">
            Client
          </h2>
          <dl className="mt-2 grid grid-cols-[12rem_1fr] gap-1">
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
                <Button variant="ghost" onClick={() => reveal("taxId")} aria-label="Reveal the client's tax ID">
                  Reveal
                </Button>
              ) : null}
            </dd>
            <dt>Date of birth</dt>
            <dd>
              {revealed.dob ?? (client?.hasDateOfBirth ? "••••-••-••" : "—")}
              {client?.hasDateOfBirth && !revealed.dob ? (
                <Button variant="ghost" onClick={() => reveal("dob")} aria-label="Reveal the owner's date of birth">
                  Reveal
                </Button>
              ) : null}
            </dd>
          </dl>
          <h3 className="mt-4 font-semibold">Documents</h3>
          <ul className="mt-1 list-disc pl-5">
            {thread.documents.map((doc) => (
              <li key={doc.id}>
                <a href={`/api/back-office/documents/${doc.id}`} className="text-brand-700 underline">
                  {doc.name}
                </a>
              </li>
            ))}
          </ul>
        </section>
        <Form onSubmit={save} aria-label="Update the deal" className="grid gap-3 sm:grid-cols-2">
          <SelectField label="Stage" options={stageValues.map((value) => ({ value: String(value), label: stageLabel(value) }))} {...field("stage")} />
          <SelectField
            label="Credit tier"
            options={[{ value: "0", label: "Not rated" }, ...Object.entries(creditTiers).map(([value, label]) => ({ value, label }))]}
            {...field("dealScore")}
          />
          <TextField label="Notes" className="sm:col-span-2" {...field("notes")} />
          <TextField label="Cost of equipment" type="number" min={0} step="0.01" {...field("costOfEquipment")} />
          <TextField label="Down payment" type="number" min={0} step="0.01" {...field("downPayment")} />
          {edit.stage === "0" ? (
            <fieldset className="sm:col-span-2">
              <legend className="font-medium">Adverse action timeline</legend>
              <div className="grid gap-3 sm:grid-cols-3">
                <TextField label="Application received" type="date" {...field("declinedReceivedOn")} />
                <TextField label="Application complete" type="date" {...field("declinedCompletedOn")} />
                <TextField label="Notice sent" type="date" {...field("declinedNoticeSentOn")} />
              </div>
            </fieldset>
          ) : null}
          <Button type="submit">Save changes</Button>
        </Form>
      </div>
      <section aria-labelledby="thread-heading" className="mt-8">
        <h2 id="thread-heading" className="text-xl font-semibold">
          Messages with the vendor
        </h2>
        <ol className="mt-2 space-y-2">
          {thread.messages.map((message) => (
            <li key={message.id} className={`rounded-md p-3 ${message.author === "vendor" ? "bg-brand-50" : "bg-slate-100"}`}>
              <p className="text-sm font-semibold">
                {message.author === "vendor" ? "Vendor" : "Credit team"} · {new Date(message.createdAt).toLocaleString("en-US")}
              </p>
              <p className="whitespace-pre-wrap">{message.body}</p>
            </li>
          ))}
        </ol>
        <Form onSubmit={sendReply} aria-label="Answer the vendor" className="mt-3 space-y-2">
          <label htmlFor="staff-reply" className="block font-medium">
            Answer
          </label>
          <textarea id="staff-reply" rows={3} value={reply} onChange={(event) => setReply(event.target.value)} className="block w-full rounded-md border-2 border-slate-500 px-3 py-2" />
          <Button type="submit" disabled={!reply.trim()}>
            Send answer
          </Button>
        </Form>
      </section>
      <section aria-labelledby="history-heading" className="mt-8">
        <h2 id="history-heading" className="text-xl font-semibold">
          History
        </h2>
        <ul className="mt-2 space-y-1 text-sm">
          {history.length === 0 ? <li>No changes yet.</li> : null}
          {history.map((entry, index) => (
            <li key={index}>
              {new Date(entry.at).toLocaleString("en-US")}: {entry.actor} changed {entry.field} from “{entry.field === "stage" ? stageLabel(Number(entry.from)) : entry.from}” to “
              {entry.field === "stage" ? stageLabel(Number(entry.to)) : entry.to}”
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
