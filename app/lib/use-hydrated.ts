import { useEffect, useState } from "react";

/**
 * True once React has hydrated this component. Prerendered forms render `data-hydrated` with it:
 * until then they cannot respond, and the browser tests wait for it.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
