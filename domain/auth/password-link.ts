/**
 * The link of a reset or invitation mail (docs/product-rules.md#r37-no-secret-in-a-url-or-a-log): the token is in the
 * fragment, which a
 * browser never sends to a server, so it reaches no log, proxy or Referer; the page takes it out
 * of the address bar and posts it with the new password (POST /api/auth/reset-password).
 */
export function passwordLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/reset-password#token=${token}`;
}

/** The token of a `#token=…` fragment, or null. */
export function passwordLinkToken(hash: string): string | null {
  return /^#token=([A-Za-z0-9_-]+)$/.exec(hash)?.[1] ?? null;
}
