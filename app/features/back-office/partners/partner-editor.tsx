import { useFetcher } from "react-router";
import { partnerInput, partnerLogoTypes, type AdminPartner } from "#domain/partners/back-office-contracts.ts";
import { formatUsPhone } from "#domain/forms/us-phone.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Form } from "../../../components/ui/form.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { useSchemaForm } from "../../../lib/use-schema-form.ts";
import { partnerFormData, type PartnerActionResult } from "./partner-actions.ts";

const blank = {
  slug: "",
  name: "",
  primaryColor: "#0b5cad",
  accentColor: "#c96a0f",
  vendorName: "",
  salesPerson: "",
  vendorPhone: "",
  vendorCompany: null,
};

/** A vendor company a partner's branding may be for. */
export type CompanyChoice = { id: string; name: string };

/**
 * Add (no `partner`) or edit a partner calculator: posts to the route's action and says the
 * outcome. A new `version` (what the server now has) starts the form again from it.
 */
export function PartnerEditor({
  partner,
  companies,
  version,
}: {
  partner: AdminPartner | null;
  companies: readonly CompanyChoice[];
  version: string;
}) {
  const fetcher = useFetcher<PartnerActionResult>();
  const busy = fetcher.state !== "idle";
  const result = busy ? undefined : fetcher.data;
  return (
    <div className="space-y-2">
      <PartnerForm
        key={version}
        partner={partner}
        companies={companies}
        busy={busy}
        onValid={(data) => void fetcher.submit(data, { method: "post", encType: "multipart/form-data" })}
      />
      {result ? <Alert tone={result.ok ? "success" : "error"}>{result.message}</Alert> : null}
    </div>
  );
}

/** The fields, checked with the endpoint's own schema; hands the valid form (and the chosen logo) on. */
function PartnerForm({
  partner,
  companies,
  busy,
  onValid,
}: {
  partner: AdminPartner | null;
  companies: readonly CompanyChoice[];
  busy: boolean;
  onValid: (data: FormData) => void;
}) {
  const { slug, name, primaryColor, accentColor, vendorName, salesPerson, vendorPhone, vendorCompany } =
    partner ?? blank;
  const form = useSchemaForm(partnerInput, {
    slug,
    name,
    primaryColor,
    accentColor,
    vendorName,
    salesPerson,
    vendorPhone,
    vendorCompanyId: vendorCompany?.id ?? "",
  });
  const logoId = `logo-${partner?.id ?? "new"}`;

  const save = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = form.validate();
    if (!values) return;
    onValid(partnerFormData(values, partner?.id ?? null, new FormData(event.currentTarget).get("logo")));
  };

  return (
    <Form
      onSubmit={save}
      noValidate
      aria-label={partner ? `Edit ${partner.name}` : "Add a partner"}
      className="grid gap-3 rounded-lg border border-slate-300 p-4 sm:grid-cols-2"
    >
      <TextField label="Slug (address)" help="/vendor_partner/<slug>" {...form.text("slug")} />
      <TextField label="Name" {...form.text("name")} />
      <TextField label="Main colour" {...form.text("primaryColor")} />
      <TextField label="Accent colour" {...form.text("accentColor")} />
      <TextField label="Vendor name" maxLength={22} {...form.text("vendorName")} />
      <TextField label="Sales person" {...form.text("salesPerson")} />
      <TextField label="Vendor phone" {...form.text("vendorPhone", formatUsPhone)} />
      <SelectField
        label="Vendor company"
        help="Its link, /vendor_partner/<company slug>, shows this branding."
        placeholder="None (stand-alone partner)"
        options={companies.map((company) => ({ value: company.id, label: company.name }))}
        {...form.text("vendorCompanyId")}
      />
      <div>
        <label htmlFor={logoId} className="block font-medium">
          Logo (PNG, JPEG, WebP or GIF)
        </label>
        <input
          id={logoId}
          name="logo"
          type="file"
          accept={partnerLogoTypes.join(",")}
          className="mt-1 block min-h-11"
        />
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? "Saving…" : partner ? "Save partner" : "Add partner"}
      </Button>
    </Form>
  );
}
