import { useFetcher } from "react-router";
import { vendorSlugRequest, type VendorCompany } from "#domain/vendors/contracts.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Form } from "../../../components/ui/form.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { useSchemaForm } from "../../../lib/use-schema-form.ts";
import { vendorIntents, type VendorActionResult } from "./vendor-actions.ts";

/**
 * "Link address" (admins): the company's /vendor_partner/<slug>, changed in place. Checked by the
 * endpoint's slug rule before it is sent; a taken address is said at the field. The old address
 * stops working, which the help says.
 */
export function VendorSlugForm({ company }: { company: VendorCompany }) {
  const fetcher = useFetcher<VendorActionResult>();
  const form = useSchemaForm(vendorSlugRequest, { slug: company.slug });
  const busy = fetcher.state !== "idle";
  const result = busy ? undefined : fetcher.data;
  const field = form.text("slug");
  return (
    <Form
      aria-label={`Link address of ${company.name}`}
      className="mt-2 flex flex-wrap items-end gap-3"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const values = form.validate();
        if (!values) return;
        void fetcher.submit(
          { intent: vendorIntents.changeSlug, companyId: company.id, slug: values.slug },
          { method: "post" },
        );
      }}
    >
      <TextField
        label="Link address"
        help={`/vendor_partner/${company.slug} now. Lower-case letters, digits and single hyphens; the old address stops working.`}
        className="w-80 max-w-full"
        autoComplete="off"
        spellCheck={false}
        {...field}
        error={field.error ?? result?.slugError}
      />
      <Button type="submit" variant="secondary" disabled={busy}>
        Save link address
      </Button>
      <Alert live tone={result?.ok ? "success" : "error"} className="basis-full">
        {result?.message}
      </Alert>
    </Form>
  );
}
