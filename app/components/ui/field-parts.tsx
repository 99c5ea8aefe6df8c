import { useId } from "react";

/** Ids tying an input to its label, help and error text. */
export function useFieldIds(name?: string) {
  const base = useId();
  const id = `${base}${name ?? ""}`;
  return { id, helpId: `${id}-help`, errorId: `${id}-error` };
}

export function describedBy(ids: { helpId: string; errorId: string }, help?: React.ReactNode, error?: string) {
  return [help ? ids.helpId : null, error ? ids.errorId : null].filter(Boolean).join(" ") || undefined;
}

export function FieldHelp({ id, children }: { id: string; children?: React.ReactNode }) {
  return children ? (
    <p id={id} className="mt-1 text-sm text-slate-600">
      {children}
    </p>
  ) : null;
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {message}
    </p>
  ) : null;
}

/** Red when invalid; green when `valid` is set (the questionnaire's validity styles, docs/product-rules.md#r52-forms-check-what-the-spec-checks). */
export const inputClass = (invalid: boolean, valid = false) =>
  `mt-1 block min-h-11 w-full rounded-md border-2 bg-white px-3 py-2 text-slate-900 ${invalid ? "border-red-700" : valid ? "border-green-700" : "border-slate-500"} focus:border-brand-600`;
