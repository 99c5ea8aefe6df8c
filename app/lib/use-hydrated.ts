import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * True once React has hydrated this component. Prerendered forms render `data-hydrated` with it:
 * until then they cannot respond, and the browser tests wait for it. False while prerendering and
 * hydrating, true right after; a component mounted later (a client navigation) is true from its
 * first render, so it never shows the not-ready state for a frame.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
