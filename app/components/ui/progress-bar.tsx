export function ProgressBar({ label, value, complete = false }: { label: string; value: number; complete?: boolean }) {
  return (
    <div>
      <div className="flex justify-between text-sm font-medium">
        <span>{label}</span>
        <span>{complete ? "Completed" : `${value}%`}</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        className="mt-1 h-3 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={`h-full transition-[width] ${complete ? "bg-accent-500" : "bg-brand-600"}`}
          style={{ width: `${value}%` }}
        />
      </div>
    </div>
  );
}
