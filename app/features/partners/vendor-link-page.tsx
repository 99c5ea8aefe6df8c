import { Suspense, use, useMemo } from "react";
import type { PartnerBranding } from "#domain/partners/public-contracts.ts";
import { Loading } from "../../components/ui/page-state.tsx";
import { brand } from "../../lib/public-config.ts";
import NotFound from "../../routes/not-found.tsx";
import { requestBranding, servedBranding } from "./served-branding.ts";
import { useCountVisit } from "./use-count-visit.ts";

export const vendorLinkTitle = (name: string) => `${name} - ${brand.name}`;

/**
 * A vendor link's page (/vendor_partner/<slug> and its /apply): the branding it was served with,
 * or read from the API after a client-side navigation; a visit is counted once per page load.
 */
export function VendorLinkPage({
  slug,
  title,
  children,
}: {
  slug: string;
  title: (branding: PartnerBranding) => string;
  children: (branding: PartnerBranding) => React.ReactNode;
}) {
  const served = useMemo(() => servedBranding(slug), [slug]);
  return served ? (
    <Counted branding={served}>{children(served)}</Counted>
  ) : (
    <Suspense fallback={<Loading className="p-8" />}>
      <Fetched slug={slug} title={title}>
        {children}
      </Fetched>
    </Suspense>
  );
}

function Counted({ branding, children }: { branding: PartnerBranding; children: React.ReactNode }) {
  // A link without a company (a stand-alone partner) has nobody to count for.
  useCountVisit(branding.slug, branding.referredTo !== "");
  return children;
}

function Fetched({
  slug,
  title,
  children,
}: {
  slug: string;
  title: (branding: PartnerBranding) => string;
  children: (branding: PartnerBranding) => React.ReactNode;
}) {
  const branding = use(requestBranding(slug));
  if (!branding) return <NotFound />;
  return (
    <Counted branding={branding}>
      <title>{title(branding)}</title>
      {children(branding)}
    </Counted>
  );
}

/** The link's header band: its logo and "Financing offered with <name>". */
export function VendorLinkBand({ branding, children }: { branding: PartnerBranding; children: React.ReactNode }) {
  return (
    <div
      style={{ backgroundColor: branding.primaryColor, borderTop: `8px solid ${branding.accentColor}` }}
      className="text-white"
    >
      <div className="mx-auto max-w-6xl px-4 py-8">
        <div className="inline-block rounded-md bg-white p-3">
          <img src={branding.logoUrl} alt={branding.name} height={48} className="h-12 w-auto" />
        </div>
        <p className="mt-2 text-lg font-semibold">Financing offered with {branding.name}</p>
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}
