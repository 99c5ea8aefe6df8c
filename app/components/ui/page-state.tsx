import { useNavigation } from "react-router";
import { Button } from "./button.tsx";

/** Data on its way (the router's pending state, or a fetcher's). */
export function Loading({ label = "Loading…", className = "" }: { label?: string; className?: string }) {
  return (
    <p role="status" className={`mt-4 text-slate-700 ${className}`}>
      {label}
    </p>
  );
}

/**
 * A layout's "Loading…" while a link or filter loads, over the top right of its `relative` main
 * region: a line inserted above the page shifted everything under the pointer by its height.
 */
export function NavigationPending() {
  const navigation = useNavigation();
  return navigation.state === "loading" ? (
    <Loading className="absolute top-0 right-4 z-10 mt-1! rounded bg-white px-2 py-1 text-sm shadow md:right-6" />
  ) : null;
}

/** A list or page with nothing to show, said plainly. */
export function Empty({ children, className = "" }: { children: React.ReactNode; className?: string }) {
  return <p className={`mt-4 text-slate-700 ${className}`}>{children}</p>;
}

/** A load that failed: what went wrong, and a way to try again. */
export function LoadError({
  title = "We could not load this page.",
  message,
  onRetry,
  children,
}: {
  title?: string;
  message: string;
  onRetry?: () => void;
  children?: React.ReactNode;
}) {
  return (
    <section
      role="alert"
      aria-labelledby="load-error-title"
      className="mt-4 rounded-md border-l-4 border-red-700 bg-red-50 p-4 text-red-900"
    >
      <h2 id="load-error-title" className="font-bold">
        {title}
      </h2>
      <p className="mt-1">{message}</p>
      {children}
      {onRetry ? (
        <Button variant="secondary" className="mt-3" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </section>
  );
}
