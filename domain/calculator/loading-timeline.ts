/** The loading overlay after step 4, in milliseconds; kept as specified (docs/product-rules.md#r11-timed-theatre). */
export const loadingTimeline = [
  { atMs: 5_000, stage: "reviewing" },
  { atMs: 10_000, stage: "processing" },
  { atMs: 20_000, stage: "thanks" },
  { atMs: 21_000, stage: "ready" },
] as const;

export type LoadingStage = "starting" | (typeof loadingTimeline)[number]["stage"];

export const loadingMessages: Record<LoadingStage, string> = {
  starting: "Sending your answers…",
  reviewing: "We are reviewing your business and credit information.",
  processing: "Give us a second while we process your information",
  thanks: "Thank you! A professional will contact you shortly to go over your options.",
  ready: "Thank you! A professional will contact you shortly to go over your options.",
};

/** The stage at `elapsedMs`, with every time multiplied by `scale` (tests shorten it). */
export function loadingStageAt(elapsedMs: number, scale = 1): LoadingStage {
  let stage: LoadingStage = "starting";
  for (const step of loadingTimeline) if (elapsedMs >= step.atMs * scale) stage = step.stage;
  return stage;
}
