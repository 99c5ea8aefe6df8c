import { useEffect, useState } from "react";
import { loadingMessages, loadingStageAt, type LoadingStage } from "#domain/calculator/loading-timeline.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Dialog } from "../../components/ui/dialog.tsx";

/** The timeline scale the server sets for tests (CALCULATOR_TIMELINE_SCALE); 1 otherwise. */
function timelineScale(): number {
  const value = Number(document.querySelector<HTMLMetaElement>('meta[name="calculator-timeline-scale"]')?.content ?? 1);
  return value > 0 && value <= 1 ? value : 1;
}

/** The 5/10/20/21-second overlay after step 4; the last button waits for the saved lead too. */
export function LoadingOverlay({
  leadSaved,
  failed,
  onReady,
  onClose,
}: {
  leadSaved: boolean;
  failed: string | null;
  onReady: () => void;
  onClose: () => void;
}) {
  const [stage, setStage] = useState<LoadingStage>("starting");
  useEffect(() => {
    const started = performance.now();
    const scale = timelineScale();
    const timer = setInterval(
      () => {
        const next = loadingStageAt(performance.now() - started, scale);
        setStage(next);
        if (next === "ready") clearInterval(timer);
      },
      Math.max(20, 250 * scale),
    );
    return () => clearInterval(timer);
  }, []);

  return (
    <Dialog open onClose={onClose} title="Preparing your payment options">
      {failed ? (
        <>
          <Alert inline className="font-medium">
            {failed}
          </Alert>
          <Button className="mt-4" onClick={onClose}>
            Back to my answers
          </Button>
        </>
      ) : (
        <>
          <p role="status" className="text-lg">
            {loadingMessages[stage]}
          </p>
          {stage === "ready" ? (
            <Button variant="accent" className="mt-6" disabled={!leadSaved} onClick={onReady}>
              I am ready for my payment options
            </Button>
          ) : (
            <div aria-hidden="true" className="mt-6 h-2 w-full overflow-hidden rounded-full bg-slate-200">
              <div className="h-full w-1/3 animate-pulse rounded-full bg-brand-600" />
            </div>
          )}
        </>
      )}
    </Dialog>
  );
}
