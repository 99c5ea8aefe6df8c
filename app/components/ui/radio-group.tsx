import { useId } from "react";
import { FieldError } from "./field-parts.tsx";

export type RadioOption = { value: string; label: React.ReactNode };

export function RadioGroup({
  legend,
  name,
  options,
  value,
  onChange,
  error,
  required,
  className = "",
}: {
  legend: React.ReactNode;
  name: string;
  options: readonly RadioOption[];
  value: string | undefined;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
  className?: string;
}) {
  const base = useId();
  const errorId = `${base}-error`;
  return (
    <fieldset
      className={className}
      aria-describedby={error ? errorId : undefined}
      aria-required={required || undefined}
    >
      <legend className="font-medium">{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-3">
        {options.map((option) => {
          const id = `${base}-${option.value}`;
          return (
            <div key={option.value} className="flex items-center gap-2">
              <input
                type="radio"
                id={id}
                name={name}
                value={option.value}
                checked={value === option.value}
                onChange={() => onChange(option.value)}
                className="size-6 accent-brand-600"
              />
              <label htmlFor={id}>{option.label}</label>
            </div>
          );
        })}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
