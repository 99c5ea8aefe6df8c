import { publicPageMeta } from "../lib/page-meta.ts";
import { brand } from "../lib/public-config.ts";

export const meta = () => publicPageMeta("/QuestionFinancing");

export default function QuestionFinancing() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="text-3xl font-bold text-brand-900">Financing questions</h1>
      <p role="status" className="mt-6 rounded-md border-l-4 border-accent-500 bg-amber-50 p-4 text-lg">
        This page has been disabled until official launch. Please call{" "}
        <a className="font-semibold underline" href={`tel:${brand.phone.replace(/[^\d+]/g, "")}`}>
          {brand.phone}
        </a>
      </p>
    </div>
  );
}
