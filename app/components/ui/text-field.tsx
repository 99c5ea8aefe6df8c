import type { InputHTMLAttributes, Ref } from "react";
import { describedBy, FieldError, FieldHelp, inputClass, useFieldIds } from "./field-parts.tsx";

export type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: React.ReactNode;
  help?: React.ReactNode;
  error?: string;
  /** Shows the valid (green) style. */
  valid?: boolean;
  /** Marks the field invalid when the message is shown elsewhere (one message per step). */
  invalid?: boolean;
  ref?: Ref<HTMLInputElement>;
};

export function TextField({ label, help, error, valid, invalid, className = "", ref, ...input }: TextFieldProps) {
  const ids = useFieldIds(input.name);
  return (
    <div className={className}>
      <label htmlFor={ids.id} className="block font-medium">
        {label}
        {input.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        ref={ref}
        id={ids.id}
        aria-invalid={error || invalid ? true : undefined}
        aria-describedby={describedBy(ids, help, error)}
        className={inputClass(Boolean(error) || Boolean(invalid), valid)}
        {...input}
      />
      <FieldHelp id={ids.helpId}>{help}</FieldHelp>
      <FieldError id={ids.errorId} message={error} />
    </div>
  );
}
