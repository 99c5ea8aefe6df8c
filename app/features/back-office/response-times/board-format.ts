/** "45 min", "2 h 5 min", "3 d 4 h": minutes to first contact as the team reads them. */
export function formatWait(minutes: number | null): string {
  if (minutes === null) return "—";
  if (minutes < 60) return `${Math.round(minutes)} min`;
  if (minutes < 24 * 60) {
    const rest = Math.round(minutes % 60);
    return `${Math.floor(minutes / 60)} h${rest ? ` ${rest} min` : ""}`;
  }
  const hours = Math.round((minutes % (24 * 60)) / 60);
  return `${Math.floor(minutes / (24 * 60))} d${hours ? ` ${hours} h` : ""}`;
}

/** A share (0-1) as a whole percent; "—" when nothing was decided yet. */
export const formatShare = (share: number | null) => (share === null ? "—" : `${Math.round(share * 100)}%`);
