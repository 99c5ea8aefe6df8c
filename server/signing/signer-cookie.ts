import { signerSessionHours } from "#domain/signing/signer-access.ts";

/**
 * The signer's session cookie (docs/product-rules.md#r57-documents-and-e-signature): httpOnly,
 * SameSite=Strict, path /; on https also Secure with the `__Host-` prefix, so no other site or
 * subdomain can set one. It holds a random token whose SHA-256 is `signing_link.session_token_hash`.
 */
export type SignerCookie = {
  name: string;
  /** The Set-Cookie value that opens the session. */
  opened(token: string): string;
  /** The Set-Cookie value that removes it. */
  cleared(): string;
};

export function signerCookie(publicUrl: string): SignerCookie {
  const secure = new URL(publicUrl).protocol === "https:";
  const name = secure ? "__Host-signer_session" : "signer_session";
  const attributes = `Path=/; HttpOnly; SameSite=Strict${secure ? "; Secure" : ""}`;
  return {
    name,
    opened: (token) => `${name}=${token}; ${attributes}; Max-Age=${signerSessionHours * 3600}`,
    cleared: () => `${name}=; ${attributes}; Max-Age=0`,
  };
}
