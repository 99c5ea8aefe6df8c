/** The domain of the sender's address in MAIL_FROM (`Name <no-reply@example.com>` -> example.com). */
export function senderDomain(from: string): string {
  return /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1]?.toLowerCase() ?? "localhost";
}
