import { isRouteErrorResponse, Link, useRevalidator, useRouteError } from "react-router";
import { ApiError } from "../../lib/call.ts";
import { LoadError } from "./page-state.tsx";

/**
 * A route's error boundary for the portal and back office: says what went wrong and offers a
 * retry (the route's loaders run again); an ended session links to sign-in instead.
 */
export function RouteError() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  if (error instanceof ApiError && error.status === 401) {
    return (
      <LoadError title="Your session has ended." message="Please sign in again to continue.">
        <Link to="/VendorLogin" className="mt-3 inline-block font-semibold text-brand-700 underline">
          Sign in
        </Link>
      </LoadError>
    );
  }
  const notFound =
    (error instanceof ApiError && error.status === 404) || (isRouteErrorResponse(error) && error.status === 404);
  if (notFound) return <LoadError title="Not found." message="This record does not exist or was removed." />;
  const message = error instanceof ApiError ? error.message : "Something went wrong. Please try again.";
  return (
    <LoadError
      message={message}
      onRetry={revalidator.state === "idle" ? () => void revalidator.revalidate() : undefined}
    />
  );
}
