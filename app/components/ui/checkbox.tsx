import type { InputHTMLAttributes, Ref } from "react";
import { describedBy, FieldError, FieldHelp, useFieldIds } from "./field-parts.tsx";

export type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & {
  label: React.ReactNode;
  help?: React.ReactNode;
  error?: string;
  ref?: Ref<HTMLInputElement>;
};

export function Checkbox({ label, help, error, className = "", ref, ...input }: CheckboxProps) {
  const ids = useFieldIds(input.name);
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          ref={ref}
          type="checkbox"
          id={ids.id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(ids, help, error)}
          className="mt-0.5 size-6 shrink-0 accent-brand-600"
          {...input}
        />
        <label htmlFor={ids.id}>{label}</label>
      </div>
      <FieldHelp id={ids.helpId}>{help}</FieldHelp>
      <FieldError id={ids.errorId} message={error} />
    </div>
  );
}
