import { CreditApplicationForm } from "../features/credit-application/credit-application-form.tsx";
import { publicPageMeta } from "../lib/page-meta.ts";

export const meta = () => publicPageMeta("/ApplyNow");

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
