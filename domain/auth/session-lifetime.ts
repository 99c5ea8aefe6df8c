import { isStaffRole } from "./roles.ts";

const minute = 60_000;

/** docs/product-rules.md#r40-link-and-session-lifetimes: staff end after 12 hours at most and 30 minutes idle; vendors after 7 days. */
export const sessionLimits = {
  staff: { absoluteMs: 12 * 60 * minute, idleMs: 30 * minute },
  vendor: { absoluteMs: 7 * 24 * 60 * minute, idleMs: null },
} as const;

/** How recently a factor must have been proved before a reveal or an export (ASVS V7 re-authentication). */
export const reauthenticationWindowMs = 5 * minute;

/** Activity closer together than this is not written again: one write a minute at most per session. */
export const activityWriteIntervalMs = minute;

export function sessionLimitsFor(role: string | null | undefined) {
  return isStaffRole(role) ? sessionLimits.staff : sessionLimits.vendor;
}

/** When a session ends if nothing more happens: its absolute end, or sooner when idle. */
export function sessionEndsAt(role: string | null | undefined, session: { createdAt: Date; lastActiveAt: Date }): Date {
  const limits = sessionLimitsFor(role);
  const absolute = session.createdAt.getTime() + limits.absoluteMs;
  const idle = limits.idleMs === null ? Infinity : session.lastActiveAt.getTime() + limits.idleMs;
  return new Date(Math.min(absolute, idle));
}

/**
 * Until when a reveal or an export is allowed: the last factor actually proved (the sign-in's last
 * factor, or confirming again), plus the window; never, when the session has none on record.
 */
export function recentAuthenticationUntil(factorVerifiedAt: Date | null): Date {
  return new Date((factorVerifiedAt?.getTime() ?? 0) + reauthenticationWindowMs);
}
