import { useEffect, useState } from "react";
import { getMe, keepAlive, type Me } from "#domain/accounts/me-contracts.ts";
import { Button } from "../../components/ui/button.tsx";
import { Dialog } from "../../components/ui/dialog.tsx";
import { call } from "../../lib/call.ts";

const warnBeforeMs = 2 * 60 * 1000;
const retryMs = 60 * 1000;

/**
 * WCAG 2.2.1: warn before the session ends (30 idle minutes, 12 hours at most for staff) and let
 * staff extend it. `me` is the layout's read of /api/me (again on each navigation; reading it is
 * not activity, keep-alive is). Other screens' requests count as activity too, so the end is read
 * again before warning.
 */
export function SessionTimeoutWarning({ me }: { me: Me }) {
  const [warning, setWarning] = useState(false);
  // "Stay signed in" answers a newer reading, until the layout reads the session again.
  const [stayed, setStayed] = useState<{ reading: Me; over: Me } | null>(null);
  const reading = stayed?.over === me ? stayed.reading : me;

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      call(getMe).then(
        (latest) => {
          if (cancelled) return;
          if (latest.sessionSecondsLeft * 1000 > warnBeforeMs + 5000) wait(latest.sessionSecondsLeft);
          else setWarning(true);
        },
        // A failed read (the network, a server restarting) is tried again a minute later.
        () => {
          if (!cancelled) timer = setTimeout(check, retryMs);
        },
      );
    };
    const wait = (secondsLeft: number) => {
      timer = setTimeout(check, Math.max(0, secondsLeft * 1000 - warnBeforeMs));
    };
    wait(reading.sessionSecondsLeft);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [reading]);

  const stay = async () => {
    // If that failed, the end is read again at once (and the warning comes back if it is near).
    const latest = await call(keepAlive).catch(() => ({ ...reading, sessionSecondsLeft: 0 }));
    setStayed({ reading: latest, over: me });
    setWarning(false);
  };
  return (
    <Dialog open={warning} onClose={() => setWarning(false)} title="Your session is about to end" role="alertdialog">
      <p>For security you will be signed out in about two minutes. Stay signed in to keep working.</p>
      <Button className="mt-4" onClick={() => void stay()}>
        Stay signed in
      </Button>
    </Dialog>
  );
}
