export type Step = { id: string; label: string };

/** A progress rail of named steps; each name is a button when onSelect is given. */
export function Stepper({
  steps,
  current,
  onSelect,
  label,
}: {
  steps: readonly Step[];
  current: number;
  onSelect?: (index: number) => void;
  label: string;
}) {
  return (
    <nav aria-label={label}>
      <ol className="flex flex-wrap gap-2">
        {steps.map((step, index) => {
          const state = index < current ? "done" : index === current ? "current" : "todo";
          const content = (
            <>
              <span
                aria-hidden="true"
                className={`flex size-7 items-center justify-center rounded-full text-sm font-bold ${state === "todo" ? "bg-slate-200 text-slate-700" : "bg-brand-600 text-white"}`}
              >
                {index + 1}
              </span>
              <span>{step.label}</span>
            </>
          );
          return (
            <li key={step.id} aria-current={state === "current" ? "step" : undefined}>
              {onSelect ? (
                <button
                  type="button"
                  onClick={() => onSelect(index)}
                  className="flex min-h-11 items-center gap-2 rounded-md px-2"
                >
                  {content}
                </button>
              ) : (
                <span className="flex min-h-11 items-center gap-2 px-2">{content}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
