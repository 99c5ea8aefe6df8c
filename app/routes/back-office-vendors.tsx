import { useCallback, useEffect, useState } from "react";
import { Button } from "../components/ui/button.tsx";
import { useToast } from "../components/ui/toast.tsx";
import { apiRequest } from "../lib/api.ts";
import { appPageMeta } from "../lib/page-meta.ts";

export const meta = () => appPageMeta("Vendors");

type Company = { id: string; name: string; companyCode: string; users: { id: string; name: string; email: string; verified: boolean; active: boolean }[] };

export default function BackOfficeVendors() {
  const toast = useToast();
  const [companies, setCompanies] = useState<Company[] | null>(null);
  const load = useCallback(() => {
    void apiRequest<{ companies: Company[] }>("/api/back-office/vendors").then((data) => setCompanies(data.companies));
  }, []);
  useEffect(load, [load]);
  const act = async (url: string, done: string) => {
    try {
      await apiRequest(url, { body: {} });
      toast({ title: done, tone: "success" });
      load();
    } catch (error) {
      toast({ title: "That did not work", message: (error as Error).message, tone: "error" });
    }
  };
  return (
    <>
      <h1 className="text-2xl font-bold">Vendors</h1>
      <p className="mt-1">
        <a href="/VendorSignUp" className="text-brand-700 underline">
          Create a vendor account
        </a>
      </p>
      {companies === null ? <p role="status">Loading…</p> : null}
      {companies?.map((company) => (
        <section key={company.id} aria-labelledby={`company-${company.id}`} className="mt-6">
          <h2 id={`company-${company.id}`} className="text-lg font-semibold">
            {company.name} <span className="font-normal text-slate-700">(company ID {company.companyCode})</span>
          </h2>
          <ul className="mt-2 space-y-2">
            {company.users.length === 0 ? <li>No users.</li> : null}
            {company.users.map((vendorUser) => (
              <li key={vendorUser.id} className="flex flex-wrap items-center gap-3">
                <span>
                  {vendorUser.name} · {vendorUser.email} · {vendorUser.active ? (vendorUser.verified ? "active" : "invited") : "deactivated"}
                </span>
                {vendorUser.active && !vendorUser.verified ? (
                  <Button variant="secondary" onClick={() => act(`/api/back-office/vendors/${vendorUser.id}/resend-invitation`, "Invitation sent again")}>
                    Resend invitation
                  </Button>
                ) : null}
                {vendorUser.active ? (
                  <Button variant="secondary" onClick={() => act(`/api/back-office/vendors/${vendorUser.id}/deactivate`, "Vendor deactivated")} aria-label={`Deactivate ${vendorUser.email}`}>
                    Deactivate
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
