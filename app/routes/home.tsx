import { Link } from "react-router";
import { buttonClass } from "../components/ui/button.tsx";
import { PublicLayout } from "../features/site-chrome/public-layout.tsx";
import { publicPageMeta } from "../lib/page-meta.ts";
import { brand } from "../lib/public-config.ts";

export const meta = () => publicPageMeta("/");

export default function Home() {
  return (
    <PublicLayout>
      <section className="bg-brand-50">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <h1 className="text-4xl font-bold text-brand-900">Equipment financing and working capital for growing businesses</h1>
          <p className="mt-4 max-w-2xl text-lg">
            {brand.name} funds equipment, working capital up to ${brand.claims.workingCapitalMax.toLocaleString("en-US")} and lines of credit. Results in under{" "}
            {brand.claims.resultsInMinutes} minutes, funding in as little as {brand.claims.fundingInHours} hours.
          </p>
          <Link to="/GetQualified" className={buttonClass("accent", "mt-8")}>
            Get Started
          </Link>
        </div>
      </section>
    </PublicLayout>
  );
}
