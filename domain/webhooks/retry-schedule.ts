/**
 * When a failed delivery is tried again: after the n-th failed attempt wait retryDelaysMs[n-1];
 * after the last one the delivery is failed (about three days after the event). The portal's
 * "Redeliver" starts a new delivery of the same event at any time.
 */
const minute = 60_000;
export const retryDelaysMs = [1, 5, 30, 120, 360, 720, 1440, 1440].map((minutes) => minutes * minute);

export const maxDeliveryAttempts = retryDelaysMs.length + 1;

/** The wait before the next attempt, or null when the delivery has failed for good. */
export function nextRetryDelayMs(failedAttempts: number): number | null {
  if (failedAttempts < 1) return 0;
  return retryDelaysMs[failedAttempts - 1] ?? null;
}
