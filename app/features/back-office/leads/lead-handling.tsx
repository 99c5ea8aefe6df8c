import { useEffect } from "react";
import { useFetcher } from "react-router";
import * as z from "zod/mini";
import { leadNotes, type LeadDetail } from "#domain/leads/back-office-contracts.ts";
import { leadStatuses } from "#domain/leads/lead-inbox.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Form } from "../../../components/ui/form.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { TextareaField } from "../../../components/ui/textarea-field.tsx";
import { useToast } from "../../../components/ui/toast.tsx";
import { useSchemaForm } from "../../../lib/use-schema-form.ts";

/** What the lead route's action is sent (JSON) and answers (routes/back-office-lead.tsx). */
export type LeadWorkChange = { status: string } | { assign: "me" | "nobody" } | { notes: string };
export type LeadWorkResult = { ok: boolean; error: string | null };

const notesForm = z.object({ notes: leadNotes });
const statusOptions = leadStatuses.map((value) => ({ value, label: value }));

/** One save through the lead route's action, said in a toast once it is done (the lead read again by then). */
export function useLeadWork() {
  const fetcher = useFetcher<LeadWorkResult>();
  const toast = useToast();
  const { state, data } = fetcher;
  useEffect(() => {
    if (state !== "idle" || !data) return;
    if (data.ok) toast({ title: "Lead saved", tone: "success" });
    else toast({ title: "The lead was not saved", message: data.error ?? undefined, tone: "error" });
  }, [state, data, toast]);
  const save = (change: LeadWorkChange) =>
    void fetcher.submit(change, { method: "patch", encType: "application/json" });
  const pending = fetcher.json as { status?: string } | undefined;
  return { save, busy: state !== "idle", pendingStatus: pending?.status };
}

function NotesForm({ notes, onSave, busy }: { notes: string; onSave: (notes: string) => void; busy: boolean }) {
  const form = useSchemaForm(notesForm, { notes });
  return (
    <Form
      noValidate
      aria-label="Notes on this lead"
      className="mt-4"
      onSubmit={(event) => {
        event.preventDefault();
        const values = form.validate();
        if (values) onSave(values.notes);
      }}
    >
      <TextareaField
        label="Notes"
        help="Seen by the credit team only. Each save is kept in the history."
        rows={5}
        {...form.text("notes")}
      />
      <Button type="submit" className="mt-2" disabled={busy}>
        Save notes
      </Button>
    </Form>
  );
}

/** Status, assignee and the team's notes on one lead; each save is read back with its history. */
export function LeadHandling({ lead, meId }: { lead: LeadDetail; meId: string }) {
  const { save, busy, pendingStatus } = useLeadWork();
  return (
    <section aria-labelledby="handling-heading" className="rounded-md border border-slate-300 p-4">
      <h2 id="handling-heading" className="text-xl font-semibold">
        Handling
      </h2>
      <div className="mt-3 flex flex-wrap items-end gap-4">
        <SelectField
          label="Status"
          options={statusOptions}
          value={pendingStatus ?? lead.status}
          onChange={(event) => save({ status: event.target.value })}
          disabled={busy}
        />
        <div>
          <p className="font-medium">Assignee</p>
          <p className="flex min-h-11 flex-wrap items-center gap-2">
            <span>{lead.assignee?.email ?? "Nobody yet"}</span>
            {lead.assignee?.id !== meId ? (
              <Button variant="secondary" onClick={() => save({ assign: "me" })} disabled={busy}>
                Assign to me
              </Button>
            ) : (
              <Button variant="ghost" onClick={() => save({ assign: "nobody" })} disabled={busy}>
                Unassign
              </Button>
            )}
          </p>
        </div>
      </div>
      {/* Read again after a save: the notes start over from what was stored. */}
      <NotesForm key={lead.notes} notes={lead.notes} onSave={(notes) => save({ notes })} busy={busy} />
    </section>
  );
}
