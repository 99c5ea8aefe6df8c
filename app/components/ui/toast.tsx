import { createContext, useCallback, useContext, useMemo, useState } from "react";

type Tone = "success" | "error" | "info";
type Toast = { id: number; title: string; message?: string; tone: Tone };

const ToastContext = createContext<((toast: Omit<Toast, "id">) => void) | null>(null);

const toneClass: Record<Tone, string> = {
  success: "border-green-700 bg-green-50",
  error: "border-red-700 bg-red-50",
  info: "border-brand-600 bg-brand-50",
};

/** Announces short messages in a polite live region; each can be dismissed and fades after 8 s. */
export function ToastProvider({ children }: { children: React.ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((toast) => toast.id !== id)), []);
  const show = useCallback(
    (toast: Omit<Toast, "id">) => {
      const id = Date.now() + Math.random();
      setToasts((all) => [...all, { ...toast, id }]);
      setTimeout(() => dismiss(id), 8000);
    },
    [dismiss],
  );
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div
        role="status"
        aria-live="polite"
        aria-label="Notifications"
        className="fixed right-4 bottom-4 z-50 flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2"
      >
        {toasts.map((toast) => (
          <div key={toast.id} className={`rounded-md border-l-4 p-4 shadow-md ${toneClass[toast.tone]}`}>
            <div className="flex items-start justify-between gap-2">
              <div>
                <p className="font-semibold">{toast.title}</p>
                {toast.message ? <p className="mt-1 text-sm">{toast.message}</p> : null}
              </div>
              <button
                type="button"
                aria-label="Dismiss notification"
                onClick={() => dismiss(toast.id)}
                className="min-h-6 min-w-6 text-lg leading-none"
              >
                ×
              </button>
            </div>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast() {
  const show = useContext(ToastContext);
  if (!show) throw new Error("useToast needs a ToastProvider");
  return show;
}
