import type { Ref, TextareaHTMLAttributes } from "react";
import { describedBy, FieldError, FieldHelp, inputClass, useFieldIds } from "./field-parts.tsx";

export type TextareaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: React.ReactNode;
  help?: React.ReactNode;
  error?: string;
  /** Hides the label visually (it stays the field's accessible name). */
  hideLabel?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
};

export function TextareaField({
  label,
  help,
  error,
  hideLabel,
  className = "",
  ref,
  rows = 4,
  ...textarea
}: TextareaFieldProps) {
  const ids = useFieldIds(textarea.name);
  return (
    <div className={className}>
      <label htmlFor={ids.id} className={hideLabel ? "sr-only" : "block font-medium"}>
        {label}
        {textarea.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <textarea
        ref={ref}
        id={ids.id}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, help, error)}
        className={inputClass(Boolean(error))}
        {...textarea}
      />
      <FieldHelp id={ids.helpId}>{help}</FieldHelp>
      <FieldError id={ids.errorId} message={error} />
    </div>
  );
}
