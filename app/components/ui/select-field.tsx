import type { Ref, SelectHTMLAttributes } from "react";
import { describedBy, FieldError, FieldHelp, inputClass, useFieldIds } from "./field-parts.tsx";

export type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: React.ReactNode;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
  help?: React.ReactNode;
  error?: string;
  /** Shows the valid (green) style. */
  valid?: boolean;
  /** Marks the field invalid when the message is shown elsewhere (one message per step). */
  invalid?: boolean;
  ref?: Ref<HTMLSelectElement>;
};

export function SelectField({
  label,
  options,
  placeholder,
  help,
  error,
  valid,
  invalid,
  className = "",
  ref,
  ...select
}: SelectFieldProps) {
  const ids = useFieldIds(select.name);
  return (
    <div className={className}>
      <label htmlFor={ids.id} className="block font-medium">
        {label}
        {select.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <select
        ref={ref}
        id={ids.id}
        aria-invalid={error || invalid ? true : undefined}
        aria-describedby={describedBy(ids, help, error)}
        className={inputClass(Boolean(error) || Boolean(invalid), valid)}
        {...select}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldHelp id={ids.helpId}>{help}</FieldHelp>
      <FieldError id={ids.errorId} message={error} />
    </div>
  );
}
