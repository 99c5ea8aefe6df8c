/**
 * Failed sign-ins are throttled per account *and* address with growing delays, so a guesser is
 * slowed while a stranger elsewhere cannot lock the owner out (docs/product-rules.md#r44-failed-sign-ins; ASVS V6.3). A
 * guesser who changes address meets the account's own limit (`accountThrottle`) instead.
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
  return Math.min(
    signInThrottle.maxDelaySeconds,
    signInThrottle.firstDelaySeconds * 2 ** (failures - signInThrottle.freeFailures),
  );
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

/**
 * Failed passwords of one account from every address together, within the same window: past this
 * many, each attempt is refused until the oldest failure leaves the window. (Two-factor codes have
 * better-auth's own account lockout: 10 wrong codes lock them for 15 minutes.) Bounds a guesser who rotates addresses
 * (NIST SP 800-63B 5.2.2: at most 100) yet is far
 * above what a person mistyping meets. A password reset, which only the mailbox's owner can do,
 * starts the password count again, so a stranger cannot keep the owner out.
 */
export const accountThrottle = { failures: 20 } as const;

/** Seconds until the account's next attempt is checked (0: go ahead), from its failures in the window and the oldest of them. */
export function accountWaitSeconds(failures: number, oldestFailureAt: Date | null, now: Date): number {
  if (failures < accountThrottle.failures || !oldestFailureAt) return 0;
  const remaining = signInThrottle.windowMinutes * 60 - (now.getTime() - oldestFailureAt.getTime()) / 1000;
  return Math.max(1, Math.ceil(remaining));
}

const inMinutes = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
};

export function accountWaitMessage(seconds: number): string {
  return `Too many failed sign-in attempts on this account. Please try again in ${inMinutes(seconds)}, or reset your password.`;
}
