import type { FieldSpec } from "#domain/leads/lead-fields.ts";
import { formatLeadField } from "#domain/leads/lead-fields.ts";
import { brand } from "../../../lib/public-config.ts";

type Value = string | number | boolean | null | undefined;

/**
 * A lead's fields under their readable labels, in the label map's order, each value written by its
 * format (money, dates in the business time zone, yes/no). `render` may replace a value (a reveal).
 */
export function LeadFieldsList({
  values,
  labels,
  render,
}: {
  values: Record<string, Value>;
  labels: Record<string, FieldSpec>;
  render?: (key: string, shown: string) => React.ReactNode;
}) {
  return (
    <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[16rem_1fr]">
      {Object.entries(labels).map(([key, spec]) => {
        const shown = formatLeadField(values[key], spec.format, brand.timeZone);
        return (
          <div key={key} className="contents">
            <dt className="font-medium text-slate-700">{spec.label}</dt>
            <dd className="mb-2 break-words whitespace-pre-wrap sm:mb-0">{render ? render(key, shown) : shown}</dd>
          </div>
        );
      })}
    </dl>
  );
}
