import { getPortalUnread } from "#domain/deals/portal-contracts.ts";
import { isStaffRole } from "#domain/auth/roles.ts";
import { RouteError } from "../components/ui/route-error.tsx";
import { PortalLayout } from "../features/portal/portal-layout.tsx";
import { ApiError, call } from "../lib/call.ts";
import { appPageMeta } from "../lib/page-meta.ts";
import { meContext, requireSignedIn } from "../lib/session.ts";
import type { Route } from "./+types/portal";

export const meta = () => appPageMeta("Vendor Portal");

// Vendors only: a visitor without a session signs in, staff go to the back office.
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  requireSignedIn((me) => !isStaffRole(me.user.role), "/back-office"),
];

// The user, and how many deals carry an answer not yet opened (the sidebar's count; none shown if it cannot be read).
export async function clientLoader({ context, request }: Route.ClientLoaderArgs) {
  const me = context.get(meContext);
  try {
    const { count } = await call(getPortalUnread, {}, { signal: request.signal });
    return { me, unread: count };
  } catch (error) {
    if (error instanceof ApiError) return { me, unread: null };
    throw error;
  }
}

// The unread count follows every navigation and submission in the portal (a deal opened or answered).
export const shouldRevalidate = () => true;

export default function Portal({ loaderData: { me, unread } }: Route.ComponentProps) {
  return <PortalLayout me={me} unread={unread} />;
}

export const ErrorBoundary = RouteError;
