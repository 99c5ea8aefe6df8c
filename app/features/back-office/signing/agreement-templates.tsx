import { useDeferredValue, useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { formatBusinessDateTime } from "#domain/site/business-time.ts";
import { agreementDocumentLabels, type AgreementDocumentKind } from "#domain/signing/package-shapes.ts";
import {
  agreementTemplateFormFields,
  type AgreementTemplateRow,
  type AgreementTemplateVersion,
} from "#domain/signing/template-contracts.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Form } from "../../../components/ui/form.tsx";
import { Table, type TableColumn } from "../../../components/ui/table.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { TextareaField } from "../../../components/ui/textarea-field.tsx";
import { brand } from "../../../lib/public-config.ts";
import { useSchemaForm } from "../../../lib/use-schema-form.ts";
import { templateFormData, type TemplateActionResult } from "./template-actions.ts";
import { TemplatePreview } from "./template-preview.tsx";
import { EarlierVersions, savedLine, versionName, versionPhrase } from "./template-versions.tsx";

type MergeField = { name: string; description: string };

const columns = (selected: AgreementDocumentKind): TableColumn<AgreementTemplateRow>[] => [
  {
    key: "document",
    header: "Document",
    rowHeader: true,
    cell: (template) => (
      <Link
        to={`?kind=${template.kind}`}
        preventScrollReset
        aria-current={template.kind === selected ? "true" : undefined}
        className="font-medium text-brand-700 underline aria-[current=true]:font-bold"
      >
        {agreementDocumentLabels[template.kind]}
      </Link>
    ),
  },
  {
    key: "version",
    header: "In use",
    cell: (template) => (template.version === 0 ? "Built-in text" : `Version ${template.version}`),
  },
  { key: "by", header: "Saved by", cell: (template) => template.savedBy ?? "—" },
  {
    key: "at",
    header: "Saved on",
    cell: (template) => (template.savedAt ? formatBusinessDateTime(new Date(template.savedAt), brand.timeZone) : "—"),
  },
];

/**
 * The agreement templates (docs/product-rules.md#r57-documents-and-e-signature): each document's
 * text in use, then the chosen one's editor (admins) or text (staff), its preview and its earlier
 * versions. A save's success is said above the document (the editor starts again from the new
 * version); a refusal stays in the editor with what was typed.
 */
export function AgreementTemplates({
  templates,
  mergeFields,
  selected,
  versions,
  admin,
}: {
  templates: readonly AgreementTemplateRow[];
  mergeFields: readonly MergeField[];
  selected: AgreementDocumentKind;
  versions: readonly AgreementTemplateVersion[];
  admin: boolean;
}) {
  const fetcher = useFetcher<TemplateActionResult>();
  const busy = fetcher.state !== "idle";
  const [outcome, setOutcome] = useState<{ kind: AgreementDocumentKind; result: TemplateActionResult } | null>(null);
  const [savingKind, setSavingKind] = useState<AgreementDocumentKind>(selected);
  const [seen, setSeen] = useState<TemplateActionResult | undefined>(undefined);
  const result = busy ? undefined : fetcher.data;
  if (result && result !== seen) {
    setSeen(result);
    setOutcome({ kind: savingKind, result });
  }
  // Another document chosen: what was said of the last save no longer applies.
  const [lastSelected, setLastSelected] = useState(selected);
  if (selected !== lastSelected) {
    setLastSelected(selected);
    setOutcome(null);
  }
  const shown = outcome?.kind === selected ? outcome.result : undefined;
  const status = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (shown?.ok) status.current?.focus();
  }, [shown]);
  const template = templates.find((each) => each.kind === selected)!;
  return (
    <>
      <Table
        caption="Agreement templates"
        columns={columns(selected)}
        rows={templates}
        rowKey={(each) => each.kind}
        empty="No documents."
        className="mt-4"
      />
      <Alert ref={status} tabIndex={-1} tone="success" live className="mt-4">
        {shown?.ok ? shown.message : ""}
      </Alert>
      <TemplateSection
        key={`${template.kind}:${template.version}`}
        template={template}
        mergeFields={mergeFields}
        versions={versions}
        admin={admin}
        busy={busy}
        refusal={shown && !shown.ok ? shown : undefined}
        onSave={(data) => {
          setSavingKind(template.kind);
          void fetcher.submit(data, { method: "post" });
        }}
      />
    </>
  );
}

function TemplateSection({
  template,
  mergeFields,
  versions,
  admin,
  busy,
  refusal,
  onSave,
}: {
  template: AgreementTemplateRow;
  mergeFields: readonly MergeField[];
  versions: readonly AgreementTemplateVersion[];
  admin: boolean;
  busy: boolean;
  refusal: TemplateActionResult | undefined;
  onSave: (data: Record<string, string>) => void;
}) {
  const label = agreementDocumentLabels[template.kind];
  const form = useSchemaForm(agreementTemplateFormFields, { title: template.title, body: template.body });
  const [seenRefusal, setSeenRefusal] = useState<TemplateActionResult | undefined>(undefined);
  if (refusal && refusal !== seenRefusal) {
    setSeenRefusal(refusal);
    form.setErrors(refusal.fieldErrors);
  }
  const [copied, setCopied] = useState("");
  const bodyInput = useRef<HTMLTextAreaElement | null>(null);
  // The preview follows the typing without slowing it down on a long text.
  const previewTitle = useDeferredValue(form.values.title);
  const previewBody = useDeferredValue(form.values.body);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setCopied("");
    if (form.validate()) onSave(templateFormData(template.kind, form.values, template.version));
  };
  const body = form.text("body");
  const earlier = versions.filter((version) => version.version < template.version);
  return (
    <section aria-labelledby="template-heading" className="mt-8">
      <h2 id="template-heading" className="text-xl font-bold">
        {label}
      </h2>
      <p className="mt-1 text-slate-700">
        In use: {versionPhrase(template.version)}. {savedLine(template)}
      </p>
      {admin ? (
        <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <Form noValidate aria-label={`Edit ${label}`} onSubmit={submit} className="min-w-0 space-y-4">
            <TextField
              label="Title"
              required
              maxLength={200}
              help="The heading of the document; it may use merge fields."
              {...form.text("title")}
            />
            <TextareaField
              label="Text"
              required
              rows={18}
              help='Paragraphs separated by a blank line; a line starting with "## " is a heading. Merge fields, such as {{business.name}}, are filled in for each package.'
              {...body}
              ref={(input) => {
                bodyInput.current = input;
                body.ref(input);
              }}
            />
            <Alert tone="info" live>
              {copied}
            </Alert>
            {refusal ? <Alert>{refusal.message}</Alert> : null}
            <Button type="submit" disabled={busy}>
              Save as a new version
            </Button>
          </Form>
          <MergeFieldList fields={mergeFields} />
        </div>
      ) : (
        <TemplateText template={template} />
      )}
      <TemplatePreview title={previewTitle} body={previewBody} />
      <EarlierVersions
        versions={earlier}
        shownAll={versions.some((version) => version.version === 0)}
        onUse={
          admin
            ? (version) => {
                form.setValues({ title: version.title, body: version.body });
                setCopied(
                  `${versionName(version.version)} is in the editor: save it as a new version to use it again.`,
                );
                bodyInput.current?.focus();
              }
            : undefined
        }
      />
    </section>
  );
}

/** Staff who are not admins read the text in use as written, merge fields and all. */
function TemplateText({ template }: { template: AgreementTemplateRow }) {
  return (
    <div className="mt-4 max-w-3xl">
      <p className="text-sm text-slate-700">Only admins change the templates.</p>
      <h3 className="mt-3 text-lg font-semibold">Title</h3>
      <p className="mt-1">{template.title}</p>
      <h3 className="mt-3 text-lg font-semibold">Text</h3>
      <pre className="mt-1 rounded-md border border-slate-300 bg-slate-50 p-3 font-sans whitespace-pre-wrap">
        {template.body}
      </pre>
    </div>
  );
}

/** The merge fields a template may use, beside the editor. */
function MergeFieldList({ fields }: { fields: readonly MergeField[] }) {
  return (
    <aside aria-labelledby="merge-fields-heading" className="min-w-0">
      <h3 id="merge-fields-heading" className="text-lg font-semibold">
        Merge fields
      </h3>
      <p className="mt-1 text-sm text-slate-700">Write a field between double braces; each package fills it in.</p>
      <dl className="mt-2 space-y-2 text-sm">
        {fields.map((field) => (
          <div key={field.name}>
            <dt>
              <code className="font-semibold break-all">{`{{${field.name}}}`}</code>
            </dt>
            <dd className="text-slate-700">{field.description}</dd>
          </div>
        ))}
      </dl>
    </aside>
  );
}
