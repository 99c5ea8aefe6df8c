import { useParams } from "react-router";
import { RouteError } from "../components/ui/route-error.tsx";
import { VendorApplication } from "../features/credit-application/quoted-application.tsx";
import { servedBranding } from "../features/partners/served-branding.ts";
import { VendorLinkBand, VendorLinkPage, vendorLinkTitle } from "../features/partners/vendor-link-page.tsx";

const applyTitle = (name: string) => vendorLinkTitle(`Credit application with ${name}`);

export const meta = ({ params }: { params: { slug?: string } }) => {
  const partner = servedBranding(params.slug ?? "");
  return [
    { title: applyTitle(partner?.name ?? "a partner") },
    {
      name: "description",
      content:
        "Apply for business equipment financing: business, owner and vendor information in one secure credit application.",
    },
  ];
};

/** /vendor_partner/<slug>/apply: the credit application co-branded and attributed to the link's company (docs/product-rules.md#r23-referred-customers-belong-to-the-company). */
export default function PartnerApply() {
  const { slug = "" } = useParams();
  return (
    <VendorLinkPage slug={slug} title={(branding) => applyTitle(branding.name)}>
      {(branding) => (
        <>
          <VendorLinkBand branding={branding}>
            <h1 className="text-3xl font-bold">Credit application</h1>
          </VendorLinkBand>
          <div className="mx-auto max-w-4xl px-4 py-8">
            <VendorApplication vendorLink={branding} />
          </div>
        </>
      )}
    </VendorLinkPage>
  );
}

export const ErrorBoundary = RouteError;
