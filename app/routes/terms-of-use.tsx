import { TermsOfUse as TermsContent } from "../features/content/terms-of-use.tsx";
import { publicPageMeta } from "../lib/page-meta.ts";

export const meta = () => publicPageMeta("/TermsOfUse");

export default function TermsOfUse() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <TermsContent />
    </div>
  );
}
