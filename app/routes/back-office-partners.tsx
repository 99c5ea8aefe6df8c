import { useCallback, useEffect, useState } from "react";
import type { PartnerBranding } from "#domain/api/partner.ts";
import { partnerInput } from "#domain/api/partner-admin.ts";
import { formatUsPhone } from "#domain/forms/us-phone.ts";
import { Button } from "../components/ui/button.tsx";
import { Form } from "../components/ui/form.tsx";
import { TextField } from "../components/ui/text-field.tsx";
import { useToast } from "../components/ui/toast.tsx";
import { apiRequest } from "../lib/api.ts";
import { appPageMeta } from "../lib/page-meta.ts";
import { useSchemaForm } from "../lib/use-schema-form.ts";

export const meta = () => appPageMeta("Partners");

type Partner = PartnerBranding & { id: string };
const empty = { slug: "", name: "", primaryColor: "#0b5cad", accentColor: "#c96a0f", vendorName: "", salesPerson: "", vendorPhone: "" };

function PartnerForm({ partner, onSaved }: { partner: Partner | null; onSaved: () => void }) {
  const toast = useToast();
  const form = useSchemaForm(partnerInput, partner ? { slug: partner.slug, name: partner.name, primaryColor: partner.primaryColor, accentColor: partner.accentColor, vendorName: partner.vendorName, salesPerson: partner.salesPerson, vendorPhone: partner.vendorPhone } : empty);
  const [logo, setLogo] = useState<File | null>(null);
  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const values = form.validate();
    if (!values) return;
    try {
      const id = partner ? partner.id : (await apiRequest<{ id: string }>("/api/back-office/partners", { body: values })).id;
      if (partner) await apiRequest(`/api/back-office/partners/${partner.id}`, { method: "PUT", body: values });
      if (logo) {
        const body = new FormData();
        body.append("logo", logo, logo.name);
        const response = await fetch(`/api/back-office/partners/${id}/logo`, { method: "POST", body, credentials: "same-origin" });
        if (!response.ok) throw new Error((await response.json()).message);
      }
      toast({ title: "Partner saved", tone: "success" });
      onSaved();
    } catch (error) {
      toast({ title: "The partner was not saved", message: (error as Error).message, tone: "error" });
    }
  };
  return (
    <Form onSubmit={save} noValidate aria-label={partner ? `Edit ${partner.name}` : "Add a partner"} className="grid gap-3 rounded-lg border border-slate-300 p-4 sm:grid-cols-2">
      <TextField label="Slug (address)" help="/vendor_partner/<slug>" {...form.text("slug")} />
      <TextField label="Name" {...form.text("name")} />
      <TextField label="Main colour" {...form.text("primaryColor")} />
      <TextField label="Accent colour" {...form.text("accentColor")} />
      <TextField label="Vendor name" maxLength={22} {...form.text("vendorName")} />
      <TextField label="Sales person" {...form.text("salesPerson")} />
      <TextField label="Vendor phone" {...form.text("vendorPhone", formatUsPhone)} />
      <div>
        <label htmlFor={`logo-${partner?.id ?? "new"}`} className="block font-medium">
          Logo (PNG, JPEG, WebP or GIF)
        </label>
        <input id={`logo-${partner?.id ?? "new"}`} type="file" accept="image/png,image/jpeg,image/webp,image/gif" className="mt-1 block min-h-11" onChange={(event) => setLogo(event.target.files?.[0] ?? null)} />
      </div>
      <Button type="submit">{partner ? "Save partner" : "Add partner"}</Button>
    </Form>
  );
}

export default function BackOfficePartners() {
  const [partners, setPartners] = useState<Partner[] | null>(null);
  const [version, setVersion] = useState(0);
  const load = useCallback(() => {
    void apiRequest<{ partners: Partner[] }>("/api/back-office/partners").then((data) => setPartners(data.partners));
  }, []);
  useEffect(load, [load, version]);
  return (
    <>
      <h1 className="text-2xl font-bold">Partner calculators</h1>
      <div className="mt-4 space-y-6">
        {partners?.map((partner) => (
          <section key={`${partner.id}-${version}`} aria-label={partner.name}>
            <p className="mb-2">
              <a href={`/vendor_partner/${partner.slug}`} className="text-brand-700 underline">
                /vendor_partner/{partner.slug}
              </a>
            </p>
            <PartnerForm partner={partner} onSaved={() => setVersion((v) => v + 1)} />
          </section>
        ))}
        <PartnerForm key={`new-${version}`} partner={null} onSaved={() => setVersion((v) => v + 1)} />
      </div>
    </>
  );
}
