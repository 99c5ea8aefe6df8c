// A one-time code mailed to the holder of a link (a signer's, docs/product-rules.md#r57-documents-and-e-signature;
// an applicant's, docs/product-rules.md#r56-the-applicants-page): how often one may be sent, and what a
// presented code opens. Each audience keeps its own figures and words; the rules are these.

/** A link's code as stored: whether one is live, its wrong tries, when it stops working, and the codes sent in the hour of the last. */
export type StoredCode = {
  codeHash: string | null;
  codeAttempts: number;
  codeExpiresAt: Date | null;
  codesSent: number;
};

export type CodeRules = {
  /** A code works this many minutes after it was sent. */
  minutes: number;
  /** Wrong tries of one code; then a new code is needed. */
  tries: number;
  /** Codes one link may send in an hour. */
  perHour: number;
};

const hourMs = 3_600_000;

/**
 * Whether a link may send another code at `now`: at most `perHour` in the hour after the last one
 * (when the last was sent is its expiry less its minutes, so no column of its own), then none until
 * that hour has passed. Answers the count the new code carries and when it stops working, or the
 * whole minutes to wait.
 */
export function codeSendAllowance(
  stored: StoredCode,
  rules: CodeRules,
  now: number,
): { ok: true; codesSent: number; codeExpiresAt: Date } | { ok: false; retryInMinutes: number } {
  const codeMs = rules.minutes * 60_000;
  const last = stored.codeExpiresAt ? stored.codeExpiresAt.getTime() - codeMs : null;
  const inHour = last !== null && now - last < hourMs;
  if (inHour && stored.codesSent >= rules.perHour)
    return { ok: false, retryInMinutes: Math.ceil((last + hourMs - now) / 60_000) };
  return { ok: true, codesSent: inHour ? stored.codesSent + 1 : 1, codeExpiresAt: new Date(now + codeMs) };
}

export type CodeVerdict =
  | { kind: "right" }
  /** No code was sent, or the last one was used. */
  | { kind: "none" }
  | { kind: "used-up" }
  | { kind: "expired" }
  /** Counted: `attempts` is stored, and `triesLeft` more are allowed (none: the code is used up). */
  | { kind: "wrong"; attempts: number; triesLeft: number };

/**
 * What a presented code opens at `now`, `matches` being whether it is the stored one: nothing
 * without a live code, after its tries or past its time (whatever was typed); else right or wrong.
 */
export function judgeCode(stored: StoredCode, matches: boolean, rules: CodeRules, now: number): CodeVerdict {
  if (!stored.codeHash) return { kind: "none" };
  if (stored.codeAttempts >= rules.tries) return { kind: "used-up" };
  if (!stored.codeExpiresAt || stored.codeExpiresAt.getTime() <= now) return { kind: "expired" };
  if (matches) return { kind: "right" };
  const attempts = stored.codeAttempts + 1;
  return { kind: "wrong", attempts, triesLeft: rules.tries - attempts };
}
