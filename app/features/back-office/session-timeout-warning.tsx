import { useEffect, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Dialog } from "../../components/ui/dialog.tsx";
import { apiRequest } from "../../lib/api.ts";

const warnBeforeMs = 2 * 60 * 1000;

/** WCAG 2.2.1: warn before the session ends and let staff extend it. */
export function SessionTimeoutWarning() {
  const [expiresAt, setExpiresAt] = useState<number | null>(null);
  const [warning, setWarning] = useState(false);
  const refresh = async () => {
    const current = await apiRequest<{ session: { expiresAt: string } } | null>("/api/auth/get-session").catch(() => null);
    setExpiresAt(current ? new Date(current.session.expiresAt).getTime() : null);
    setWarning(false);
  };
  useEffect(() => {
    void refresh();
  }, []);
  useEffect(() => {
    if (expiresAt === null) return;
    const timer = setTimeout(() => setWarning(true), Math.max(0, expiresAt - Date.now() - warnBeforeMs));
    return () => clearTimeout(timer);
  }, [expiresAt]);
  return (
    <Dialog open={warning} onClose={() => setWarning(false)} title="Your session is about to end" role="alertdialog">
      <p>For security you will be signed out in about two minutes. Stay signed in to keep working.</p>
      <Button className="mt-4" onClick={refresh}>
        Stay signed in
      </Button>
    </Dialog>
  );
}
