import { useEffect, useState } from "react";
import type { Me } from "#domain/api/me.ts";
import { Button } from "../../components/ui/button.tsx";
import { Dialog } from "../../components/ui/dialog.tsx";
import { apiRequest } from "../../lib/api.ts";

const warnBeforeMs = 2 * 60 * 1000;
const retryMs = 60 * 1000;

/** When the session ends (on this browser's clock), as the server says: reading /api/me is not activity, keep-alive is. */
const sessionEnd = (path: "/api/me" | "/api/me/keep-alive") =>
  apiRequest<Me>(path, path === "/api/me" ? {} : { body: {} })
    .then((me) => Date.now() + me.sessionSecondsLeft * 1000)
    .catch(() => null);

/**
 * WCAG 2.2.1: warn before the session ends (30 idle minutes, 12 hours at most for staff) and let
 * staff extend it. Other screens' requests count as activity, so the end is read again before warning.
 */
export function SessionTimeoutWarning() {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [warning, setWarning] = useState(false);
  // A failed read (the network, a server restarting) is tried again a minute later.
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    void sessionEnd("/api/me").then(setEndsAt);
  }, [attempt]);
  useEffect(() => {
    if (endsAt === null) {
      const retry = setTimeout(() => setAttempt((count) => count + 1), retryMs);
      return () => clearTimeout(retry);
    }
    const timer = setTimeout(() => {
      void sessionEnd("/api/me").then((latest) => {
        if (latest !== null && latest - Date.now() > warnBeforeMs + 5000) setEndsAt(latest);
        else setWarning(true);
      });
    }, Math.max(0, endsAt - Date.now() - warnBeforeMs));
    return () => clearTimeout(timer);
  }, [endsAt, attempt]);
  const stay = async () => {
    setEndsAt(await sessionEnd("/api/me/keep-alive"));
    setWarning(false);
  };
  return (
    <Dialog open={warning} onClose={() => setWarning(false)} title="Your session is about to end" role="alertdialog">
      <p>For security you will be signed out in about two minutes. Stay signed in to keep working.</p>
      <Button className="mt-4" onClick={stay}>
        Stay signed in
      </Button>
    </Dialog>
  );
}
