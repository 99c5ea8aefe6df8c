/** docs/product-rules.md#r40-link-and-session-lifetimes: an invitation link is valid for 7 days (and can be resent); a reset link for 1 hour. */
export const linkLifetimes = {
  invitation: { seconds: 7 * 24 * 60 * 60, words: "7 days" },
  passwordReset: { seconds: 60 * 60, words: "one hour" },
} as const;
