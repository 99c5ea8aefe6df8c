import { isStaffRole } from "#domain/auth/roles.ts";
import { RouteError } from "../components/ui/route-error.tsx";
import { PortalLayout } from "../features/portal/portal-layout.tsx";
import { appPageMeta } from "../lib/page-meta.ts";
import { meContext, requireSignedIn } from "../lib/session.ts";
import type { Route } from "./+types/portal";

export const meta = () => appPageMeta("Vendor Portal");

// Vendors only: a visitor without a session signs in, staff go to the back office.
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [requireSignedIn((me) => !isStaffRole(me.user.role), "/back-office")];

export const clientLoader = ({ context }: Route.ClientLoaderArgs) => context.get(meContext);

export default function Portal({ loaderData: me }: Route.ComponentProps) {
  return <PortalLayout me={me} />;
}

export const ErrorBoundary = RouteError;
