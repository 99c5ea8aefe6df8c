import { useRef, useState } from "react";
import { submitDeal } from "#domain/deals/portal-contracts.ts";
import { formatUsPhone } from "#domain/forms/us-phone.ts";
import {
  acceptAttribute,
  documentSlots,
  newDealClientSchema,
  newDealMessages,
  truncate,
} from "#domain/deals/new-deal-schema.ts";
import { formatEin } from "#domain/leads/credit-application-schema.ts";
import { formatPriceAsTyped } from "#domain/calculator/price-input.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Dialog } from "../../components/ui/dialog.tsx";
import { Form } from "../../components/ui/form.tsx";
import { ProgressBar } from "../../components/ui/progress-bar.tsx";
import { TextareaField } from "../../components/ui/textarea-field.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { ApiError } from "../../lib/call.ts";
import { newIdempotencyKey } from "../../lib/idempotency-key.ts";
import { useSchemaForm } from "../../lib/use-schema-form.ts";
import { uploadWithProgress } from "./upload-form.ts";

type Phase = "client" | "documents" | "confirm" | "uploading" | "done" | "failed";

/** Submit New Deal: step 1 client information, step 2 documents, then one upload (docs/product-rules.md#r51-screens-keep-the-specs-layout-and-words). */
export function NewDealDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: () => void;
}) {
  const [idempotencyKey] = useState(newIdempotencyKey);
  const form = useSchemaForm(newDealClientSchema, {
    businessName: "",
    ownersName: "",
    businessPhone: "",
    businessEmail: "",
    equipDesc: "",
    costOfEq: "",
    downPayment: "",
    businessTaxId: "",
    dobContact: "",
    VendorComment: "",
    idempotencyKey,
  });
  const [phase, setPhase] = useState<Phase>("client");
  const [files, setFiles] = useState<Record<string, File[]>>({});
  const [progress, setProgress] = useState<number[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const inputs = useRef<Record<string, HTMLInputElement | null>>({});
  const step1Valid = newDealClientSchema.safeParse(form.values).success;
  const ordered = documentSlots.flatMap((slot) => (files[slot.id] ?? []).map((file) => ({ slot: slot.id, file })));

  const upload = async () => {
    const client = form.validate();
    if (!client) return setPhase("client");
    setPhase("uploading");
    const body = new FormData();
    body.append("deal", JSON.stringify(client));
    for (const { slot, file } of ordered) body.append(slot, file, file.name);
    try {
      await uploadWithProgress(
        submitDeal,
        { body },
        ordered.map(({ file }) => file.size),
        setProgress,
      );
    } catch (failure) {
      // A refused file says which; anything else gets the general failure message alone.
      const refusedFile = failure instanceof ApiError && (failure.status === 415 || failure.status === 413);
      setProblem(refusedFile ? failure.message : null);
      setPhase("failed");
      return;
    }
    setPhase("done");
    onCreated();
  };

  const title = phase === "client" ? "Submit New Deal: client information" : "Submit New Deal: documents";
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      {phase === "client" ? (
        <Form
          noValidate
          aria-label="Client information"
          className="grid max-h-[65vh] gap-3 overflow-y-auto pr-1"
          onSubmit={(event) => {
            event.preventDefault();
            if (form.validate()) setPhase("documents");
          }}
        >
          <TextField label="Business name" required {...form.text("businessName", (value) => value.toUpperCase())} />
          <TextField
            label="Owner's name"
            required
            maxLength={20}
            {...form.text("ownersName", (value) => value.toUpperCase())}
          />
          <TextField label="Business phone" required inputMode="tel" {...form.text("businessPhone", formatUsPhone)} />
          <TextField label="Business e-mail" type="email" {...form.text("businessEmail")} />
          <TextField label="Equipment description" {...form.text("equipDesc")} />
          <TextField label="Cost of equipment" inputMode="decimal" {...form.text("costOfEq", formatPriceAsTyped)} />
          <TextField label="Down payment" inputMode="decimal" {...form.text("downPayment", formatPriceAsTyped)} />
          <TextField
            label="Business tax ID (EIN)"
            inputMode="numeric"
            help="Optional. Stored encrypted."
            autoComplete="off"
            {...form.text("businessTaxId", formatEin)}
          />
          <TextField
            label="Owner's date of birth"
            type="date"
            help="Optional. Stored encrypted."
            {...form.text("dobContact")}
          />
          <TextareaField
            label="Comment for the credit team"
            rows={3}
            placeholder="Tell us more about this client - Optional"
            {...form.text("VendorComment")}
          />
          <Button type="submit" disabled={!step1Valid}>
            {step1Valid ? "Next Step: Submit Documents" : "Submit"}
          </Button>
        </Form>
      ) : null}
      {phase === "documents" || phase === "confirm" ? (
        <div className="space-y-4">
          {documentSlots.map((slot) => {
            const chosen = files[slot.id] ?? [];
            const status = chosen.length > 0 ? "Completed" : slot.required ? "Required" : "Optional";
            return (
              <div key={slot.id} className="rounded-md border border-slate-300 p-3">
                <label htmlFor={`slot-${slot.id}`} className="block font-medium">
                  {slot.label}{" "}
                  <span className={status === "Completed" ? "text-green-800" : "text-slate-700"}>({status})</span>
                </label>
                <input
                  ref={(element) => {
                    inputs.current[slot.id] = element;
                  }}
                  id={`slot-${slot.id}`}
                  type="file"
                  multiple
                  accept={acceptAttribute}
                  className="mt-1 block min-h-11 w-full"
                  onChange={(event) => setFiles({ ...files, [slot.id]: [...(event.target.files ?? [])] })}
                />
                {chosen.length > 0 ? (
                  <ul className="mt-1 text-sm">
                    {chosen.map((file) => (
                      <li key={file.name} title={file.name}>
                        {truncate(file.name, 12)}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
            );
          })}
          <Alert live inline>
            {problem}
          </Alert>
          <div className="flex gap-3">
            <Button variant="secondary" onClick={() => setPhase("client")}>
              Back
            </Button>
            <Button
              onClick={() => {
                if (!(files["client-info"]?.length ?? 0)) return setProblem(newDealMessages.noFiles);
                setProblem(null);
                setPhase("confirm");
              }}
            >
              Upload
            </Button>
          </div>
          {phase === "confirm" ? (
            <div
              role="alertdialog"
              aria-labelledby="confirm-upload"
              className="rounded-md border-2 border-brand-600 p-4"
            >
              <p id="confirm-upload">{newDealMessages.confirm}</p>
              <div className="mt-3 flex gap-3">
                <Button onClick={() => void upload()} autoFocus>
                  Yes
                </Button>
                <Button variant="secondary" onClick={() => setPhase("documents")}>
                  Cancel
                </Button>
              </div>
            </div>
          ) : null}
        </div>
      ) : null}
      {phase === "uploading" ? (
        <div className="space-y-3">
          {ordered.map(({ file }, index) => (
            <ProgressBar
              key={`${file.name}-${index}`}
              label={`Uploading ${truncate(file.name, 12)}`}
              value={progress[index] ?? 0}
              complete={progress[index] === 100}
            />
          ))}
        </div>
      ) : null}
      {phase === "done" ? (
        <div>
          <p role="status" className="text-lg font-semibold text-green-800">
            {newDealMessages.success}
          </p>
          <Button className="mt-4" onClick={onClose}>
            Done
          </Button>
        </div>
      ) : null}
      {phase === "failed" ? (
        <div>
          <Alert inline className="font-semibold">
            {newDealMessages.failure}
            {problem ? ` ${problem}` : ""}
          </Alert>
          <Button className="mt-4" onClick={() => setPhase("documents")}>
            Back to documents
          </Button>
        </div>
      ) : null}
    </Dialog>
  );
}
