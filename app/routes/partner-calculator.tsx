import { useEffect, useState } from "react";
import { useParams } from "react-router";
import { getPartner, partnerResponse, type PartnerBranding } from "#domain/api/partner.ts";
import { partnerBrandingElementId, partnerPlaceholders } from "#domain/site/partner-page.ts";
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

/** /vendor_partner/<slug>: the calculator in a partner's colours, with its vendor details filled in. */
export default function PartnerCalculator() {
  const { slug = "" } = useParams();
  const [served] = useState(() => servedPartner(slug));
  const [state, setState] = useState<{ partner: PartnerBranding } | "loading" | "missing" | "error">(served ? { partner: served } : "loading");
  useEffect(() => {
    if (served) return;
    call(getPartner, { params: { slug } })
      .then((partner) => {
        setState({ partner });
        document.title = partnerTitle(partner.name);
      })
      .catch((error: unknown) => setState(error instanceof ApiError && error.status === 404 ? "missing" : "error"));
  }, [served, slug]);

  if (state === "missing") return <NotFound />;
  return (
    <>
      {state === "loading" || state === "error" ? (
        <p role="status" className="p-8">
          {state === "loading" ? "Loading…" : "We could not load this calculator. Please try again."}
        </p>
      ) : (
        <div style={{ backgroundColor: state.partner.primaryColor, borderTop: `8px solid ${state.partner.accentColor}` }} className="text-white">
          <div className="mx-auto max-w-6xl px-4 py-8">
            <div className="inline-block rounded-md bg-white p-3">
              <img src={state.partner.logoUrl} alt={state.partner.name} height={48} className="h-12 w-auto" />
            </div>
            <p className="mt-2 text-lg font-semibold">Financing offered with {state.partner.name}</p>
            <div className="mt-6">
              <CalculatorScreen partner={state.partner} />
            </div>
          </div>
        </div>
      )}
    </>
  );
}
