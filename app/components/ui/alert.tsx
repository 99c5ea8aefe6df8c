/** A message that needs attention: `error` interrupts (role="alert"), `success` and `info` are polite (role="status"). */
export function Alert({ tone = "error", children, className = "" }: { tone?: "error" | "success" | "info"; children: React.ReactNode; className?: string }) {
  const style = {
    error: "border-red-700 bg-red-50 text-red-900",
    success: "border-green-700 bg-green-50 text-green-900",
    info: "border-brand-600 bg-brand-50 text-brand-900",
  }[tone];
  return (
    <p role={tone === "error" ? "alert" : "status"} className={`rounded-md border-l-4 p-3 ${style} ${className}`}>
      {children}
    </p>
  );
}
