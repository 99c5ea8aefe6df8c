/**
 * Failed sign-ins are throttled per account *and* address with growing delays, so a guesser is
 * slowed while a stranger elsewhere cannot lock the owner out (decisions.md 5; ASVS V6.3).
 */
export const signInThrottle = {
  /** Failures of one account from one address, within the window, before any delay. */
  freeFailures: 5,
  firstDelaySeconds: 30,
  maxDelaySeconds: 15 * 60,
  windowMinutes: 60,
} as const;

/** The wait imposed after the given number of recent failures: 0, then 30 s doubling up to 15 min. */
export function signInDelaySeconds(failures: number): number {
  if (failures < signInThrottle.freeFailures) return 0;
  return Math.min(signInThrottle.maxDelaySeconds, signInThrottle.firstDelaySeconds * 2 ** (failures - signInThrottle.freeFailures));
}

/** Seconds still to wait before the next attempt is even checked (0: go ahead). */
export function signInWaitSeconds(failures: number, lastFailureAt: Date | null, now: Date): number {
  if (!lastFailureAt) return 0;
  const remaining = signInDelaySeconds(failures) - (now.getTime() - lastFailureAt.getTime()) / 1000;
  return remaining > 0 ? Math.ceil(remaining) : 0;
}

export function signInWaitMessage(seconds: number): string {
  const wait = seconds >= 90 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`;
  return `Too many failed sign-in attempts. Please try again in ${wait}.`;
}
