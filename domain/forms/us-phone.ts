/** The spec's phone pattern everywhere: (###) ###-####. */
export const usPhonePattern = /^\(\d{3}\) \d{3}-\d{4}$/;

/** Formats as the user types: digits only, at most 10, shaped (###) ###-####. */
export function formatUsPhone(raw: string): string {
  const digits = raw
    .replace(/\D/g, "")
    .replace(/^1(?=\d{10})/, "")
    .slice(0, 10);
  if (digits.length === 0) return "";
  if (digits.length < 4) return `(${digits}`;
  if (digits.length < 7) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}
