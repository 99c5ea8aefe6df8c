import { applicantSessionHours } from "#domain/applicant-portal/applicant-access.ts";

/**
 * The applicant's session cookie (docs/product-rules.md#r56-the-applicants-page): httpOnly, SameSite=Strict,
 * path /; on https also Secure with the `__Host-` prefix, so no other site or subdomain can set one.
 * It holds a random token whose SHA-256 is `applicant_access.session_token_hash`.
 */
export type ApplicantCookie = {
  name: string;
  /** The Set-Cookie value that opens the session. */
  opened(token: string): string;
  /** The Set-Cookie value that removes it. */
  cleared(): string;
};

export function applicantCookie(publicUrl: string): ApplicantCookie {
  const secure = new URL(publicUrl).protocol === "https:";
  const name = secure ? "__Host-applicant_session" : "applicant_session";
  const attributes = `Path=/; HttpOnly; SameSite=Strict${secure ? "; Secure" : ""}`;
  return {
    name,
    opened: (token) => `${name}=${token}; ${attributes}; Max-Age=${applicantSessionHours * 3600}`,
    cleared: () => `${name}=; ${attributes}; Max-Age=0`,
  };
}

/** One cookie's value from a Cookie header, or null. */
export function readCookie(header: string | undefined, name: string): string | null {
  for (const part of (header ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}
