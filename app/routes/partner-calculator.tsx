import { Link, useParams } from "react-router";
import { vendorApplyPath } from "#domain/site/partner-page.ts";
import { RouteError } from "../components/ui/route-error.tsx";
import { CalculatorScreen } from "../features/calculator/calculator-screen.tsx";
import { servedBranding } from "../features/partners/served-branding.ts";
import { VendorLinkBand, VendorLinkPage, vendorLinkTitle } from "../features/partners/vendor-link-page.tsx";
import { brand } from "../lib/public-config.ts";

export const meta = ({ params }: { params: { slug?: string } }) => {
  const partner = servedBranding(params.slug ?? "");
  return [
    { title: vendorLinkTitle(partner?.name ?? "Partner calculator") },
    {
      name: "description",
      content: `Estimate your monthly equipment payment with ${brand.name}${partner ? `, financing offered with ${partner.name}` : ""}. We will not pull your credit.`,
    },
  ];
};

/**
 * /vendor_partner/<slug>: the calculator in a vendor's (or partner's) colours, with its vendor
 * details filled in; what the visitor sends is attributed to the link's company
 * (docs/product-rules.md#r23-referred-customers-belong-to-the-company).
 */
export default function PartnerCalculator() {
  const { slug = "" } = useParams();
  return (
    <VendorLinkPage slug={slug} title={(branding) => vendorLinkTitle(branding.name)}>
      {(branding) => (
        <VendorLinkBand branding={branding}>
          <p>
            <Link to={vendorApplyPath(branding.slug)} className="font-semibold text-white underline underline-offset-4">
              Ready to apply? Fill in the credit application
            </Link>
          </p>
          <div className="mt-6">
            <CalculatorScreen partner={branding} />
          </div>
        </VendorLinkBand>
      )}
    </VendorLinkPage>
  );
}

export const ErrorBoundary = RouteError;
