import { Suspense, use, useMemo } from "react";
import { useParams } from "react-router";
import { getPartner, partnerResponse, type PartnerBranding } from "#domain/api/partner.ts";
import { partnerBrandingElementId, partnerPlaceholders } from "#domain/site/partner-page.ts";
import { Loading } from "../components/ui/page-state.tsx";
import { RouteError } from "../components/ui/route-error.tsx";
import { CalculatorScreen } from "../features/calculator/calculator-screen.tsx";
import { ApiError, call } from "../lib/call.ts";
import { brand } from "../lib/public-config.ts";
import NotFound from "./not-found.tsx";

/**
 * The branding the page was served with (domain/site/partner-page.ts): placeholders while the
 * template is prerendered, the partner's own in the browser. Null after a client-side navigation.
 */
function servedPartner(slug: string): PartnerBranding | null {
  if (typeof document === "undefined") return partnerPlaceholders;
  const served = document.getElementById(partnerBrandingElementId)?.textContent;
  if (!served) return null;
  const parsed = partnerResponse.safeParse(JSON.parse(served));
  return parsed.success && parsed.data.slug === slug ? parsed.data : null;
}

const partnerTitle = (name: string) => `${name} - ${brand.name}`;

export const meta = ({ params }: { params: { slug?: string } }) => {
  const partner = servedPartner(params.slug ?? "");
  return [
    { title: partnerTitle(partner?.name ?? "Partner calculator") },
    { name: "description", content: `Estimate your monthly equipment payment with ${brand.name}${partner ? `, financing offered with ${partner.name}` : ""}. We will not pull your credit.` },
  ];
};

// Only without the served branding (a client-side navigation, or the Vite dev server): read once per slug.
const partnerRequests = new Map<string, Promise<PartnerBranding | null>>();
function requestPartner(slug: string): Promise<PartnerBranding | null> {
  let request = partnerRequests.get(slug);
  if (!request) {
    request = call(getPartner, { params: { slug } }).catch((error: unknown) => {
      partnerRequests.delete(slug);
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    });
    partnerRequests.set(slug, request);
  }
  return request;
}

/** /vendor_partner/<slug>: the calculator in a partner's colours, with its vendor details filled in. */
export default function PartnerCalculator() {
  const { slug = "" } = useParams();
  const served = useMemo(() => servedPartner(slug), [slug]);
  return served ? (
    <PartnerCalculatorPage partner={served} />
  ) : (
    <Suspense fallback={<Loading className="p-8" />}>
      <FetchedPartnerCalculator slug={slug} />
    </Suspense>
  );
}

function FetchedPartnerCalculator({ slug }: { slug: string }) {
  const partner = use(requestPartner(slug));
  if (!partner) return <NotFound />;
  return (
    <>
      <title>{partnerTitle(partner.name)}</title>
      <PartnerCalculatorPage partner={partner} />
    </>
  );
}

function PartnerCalculatorPage({ partner }: { partner: PartnerBranding }) {
  return (
    <div style={{ backgroundColor: partner.primaryColor, borderTop: `8px solid ${partner.accentColor}` }} className="text-white">
      <div className="mx-auto max-w-6xl px-4 py-8">
        <div className="inline-block rounded-md bg-white p-3">
          <img src={partner.logoUrl} alt={partner.name} height={48} className="h-12 w-auto" />
        </div>
        <p className="mt-2 text-lg font-semibold">Financing offered with {partner.name}</p>
        <div className="mt-6">
          <CalculatorScreen partner={partner} />
        </div>
      </div>
    </div>
  );
}

export const ErrorBoundary = RouteError;
