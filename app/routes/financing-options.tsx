import { FinancingOptionsScreen } from "../features/financing-options/financing-options-screen.tsx";
import { publicPageMeta } from "../lib/page-meta.ts";
import { useScrollToTop } from "../lib/use-scroll-to-top.ts";

export const meta = () => publicPageMeta("/FinancingOptions");

export default function FinancingOptions() {
  useScrollToTop("/FinancingOptions");
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold text-brand-900">Your financing options</h1>
      <div className="mt-6">
        <FinancingOptionsScreen />
      </div>
    </div>
  );
}
