import { idempotencyWindowHours } from "../api-keys/request-fingerprint.ts";
import { duplicateWindowDays } from "../duplicates/match-keys.ts";

/**
 * 12 CFR 1002.12(b)(1) (Reg B): an application, what was obtained for it and the notice of action
 * taken are kept 25 months after the applicant is notified. The notice and the decision are
 * activity on the application, so keeping it 25 months after its last activity keeps it at least
 * that long after the notice.
 */
export const regBRetentionMonths = 25;

const dayMs = 24 * 60 * 60 * 1000;

/** The same day and time `months` calendar months earlier (UTC; the 31st of a shorter month runs over, as Date does). */
export function monthsBefore(now: Date, months: number): Date {
  const earlier = new Date(now);
  earlier.setUTCMonth(earlier.getUTCMonth() - months);
  return earlier;
}

export type RetentionCutoffs = {
  /** Leads, quotes, opt-out tokens: created (or last active) before this are deleted. */
  activity: Date;
  /** Deals and credit applications: last active before this, the later of RETENTION_DAYS and Reg B's 25 months. */
  application: Date;
  /** The same as a day (YYYY-MM-DD) for the date columns of decisions and notices, a day early so no time zone cuts it short. */
  applicationDay: string;
  /** Delivered mail and webhook events: sent (created) before this. */
  deliveredMail: Date;
  /** Duplicate match keys: past the window in which a new record is compared with them. */
  matchKeys: Date;
  /** /api/v1 idempotency keys: past their replay window. */
  idempotency: Date;
};

export function retentionCutoffs(
  now: Date,
  retention: { retentionDays: number; deliveredMailDays: number },
): RetentionCutoffs {
  const activity = new Date(now.getTime() - retention.retentionDays * dayMs);
  const application = new Date(Math.min(activity.getTime(), monthsBefore(now, regBRetentionMonths).getTime()));
  return {
    activity,
    application,
    applicationDay: new Date(application.getTime() - dayMs).toISOString().slice(0, 10),
    deliveredMail: new Date(now.getTime() - Math.min(retention.deliveredMailDays, retention.retentionDays) * dayMs),
    matchKeys: new Date(now.getTime() - duplicateWindowDays * dayMs),
    idempotency: new Date(now.getTime() - idempotencyWindowHours * 60 * 60 * 1000),
  };
}
