import { listPartners, type AdminPartner } from "#domain/partners/back-office-contracts.ts";
import { listVendorCompanyOptions } from "#domain/vendors/contracts.ts";
import { Empty } from "../components/ui/page-state.tsx";
import { RouteError } from "../components/ui/route-error.tsx";
import { savePartner } from "../features/back-office/partners/partner-actions.ts";
import { PartnerEditor } from "../features/back-office/partners/partner-editor.tsx";
import { call } from "../lib/call.ts";
import { appPageMeta } from "../lib/page-meta.ts";
import type { Route } from "./+types/back-office-partners";

export const meta = () => appPageMeta("Partners");

/** The partners, and the vendor companies a partner's branding may be for. */
export const clientLoader = async ({ request }: Route.ClientLoaderArgs) => {
  const options = { signal: request.signal };
  const [{ partners }, { companies }] = await Promise.all([
    call(listPartners, {}, options),
    call(listVendorCompanyOptions, {}, options),
  ]);
  return { partners, companies };
};

export const clientAction = async ({ request }: Route.ClientActionArgs) => savePartner(await request.formData());

export const ErrorBoundary = RouteError;

/** A saved change gives the partner a new version, so its form starts again from what the server now has. */
const savedVersion = (partner: AdminPartner) =>
  [
    partner.id,
    partner.slug,
    partner.name,
    partner.primaryColor,
    partner.accentColor,
    partner.vendorName,
    partner.salesPerson,
    partner.vendorPhone,
    partner.logoUrl,
    partner.vendorCompany?.id ?? "",
  ].join("|");

export default function BackOfficePartners({ loaderData }: Route.ComponentProps) {
  const { partners, companies } = loaderData;
  return (
    <>
      <h1 className="text-2xl font-bold">Partner calculators</h1>
      <div className="mt-4 space-y-6">
        {partners.length === 0 ? <Empty>No partner calculators yet.</Empty> : null}
        {partners.map((partner) => (
          <section key={partner.id} aria-label={partner.name}>
            <p className="mb-2">
              <a href={`/vendor_partner/${partner.slug}`} className="text-brand-700 underline">
                /vendor_partner/{partner.slug}
              </a>
              {partner.vendorCompany ? (
                <>
                  {" "}
                  · branding of {partner.vendorCompany.name} at{" "}
                  <a href={`/vendor_partner/${partner.vendorCompany.slug}`} className="text-brand-700 underline">
                    /vendor_partner/{partner.vendorCompany.slug}
                  </a>
                </>
              ) : (
                " · stand-alone partner"
              )}
            </p>
            <PartnerEditor partner={partner} companies={companies} version={savedVersion(partner)} />
          </section>
        ))}
        {/* A new empty form once a partner was added. */}
        <PartnerEditor partner={null} companies={companies} version={String(partners.length)} />
      </div>
    </>
  );
}
