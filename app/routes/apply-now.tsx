import { CreditApplicationForm } from "../features/credit-application/credit-application-form.tsx";
import { resumeDraftAction } from "../features/credit-application/resume-draft.ts";
import { publicPageMeta } from "../lib/page-meta.ts";

export const meta = () => publicPageMeta("/ApplyNow");

/** Reopens a saved application from its mailed link (the form posts the link's token here). */
export const clientAction = resumeDraftAction;

export default function ApplyNow() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <h1 className="text-3xl font-bold text-brand-900">Credit application</h1>
      <div className="mt-6">
        <CreditApplicationForm />
      </div>
    </div>
  );
}
