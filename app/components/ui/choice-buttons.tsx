import { useId } from "react";

/**
 * Buttons that act as choices: exclusive (one value) or independent toggles (several),
 * announced with aria-pressed inside a labelled group.
 */
export function ChoiceButtons({
  legend,
  options,
  isPressed,
  onToggle,
  invalid,
  className = "",
}: {
  legend: React.ReactNode;
  options: readonly { value: string; label: string }[];
  isPressed: (value: string) => boolean;
  onToggle: (value: string) => void;
  invalid?: boolean;
  className?: string;
}) {
  const id = useId();
  return (
    <fieldset className={className} aria-invalid={invalid || undefined}>
      <legend id={id} className={`font-medium ${invalid ? "text-red-700" : ""}`}>
        {legend}
      </legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {options.map((option) => {
          const pressed = isPressed(option.value);
          return (
            <button
              key={option.value}
              type="button"
              aria-pressed={pressed}
              onClick={() => onToggle(option.value)}
              className={`min-h-11 rounded-md border-2 px-3 py-2 font-medium ${pressed ? "border-brand-700 bg-brand-700 text-white" : invalid ? "border-red-700 bg-white text-slate-900" : "border-slate-400 bg-white text-slate-900"}`}
            >
              {option.label}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
