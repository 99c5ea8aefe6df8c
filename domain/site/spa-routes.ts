/** Client-rendered areas (behind sign-in, or reached from a mailed link): the server answers them with the SPA shell. */
export const spaPathPrefixes = [
  "/portal",
  "/back-office",
  "/reset-password",
  "/status-mails",
  "/application",
  "/sign",
  "/VendorSignUp",
] as const;

export function isSpaPath(path: string): boolean {
  return spaPathPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
