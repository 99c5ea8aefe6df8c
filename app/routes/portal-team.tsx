import { listTeam } from "#domain/team/contracts.ts";
import { RouteError } from "../components/ui/route-error.tsx";
import { runTeamAction } from "../features/portal/team/team-actions.ts";
import { TeamScreen } from "../features/portal/team/team-screen.tsx";
import { call } from "../lib/call.ts";
import { appPageMeta } from "../lib/page-meta.ts";
import { meContext } from "../lib/session.ts";
import type { Route } from "./+types/portal-team";

export const meta = () => appPageMeta("Team");

export async function clientLoader({ context, request }: Route.ClientLoaderArgs) {
  const { members } = await call(listTeam, {}, { signal: request.signal });
  return { members, myId: context.get(meContext).user.id };
}

export const clientAction = async ({ request }: Route.ClientActionArgs) => runTeamAction(await request.formData());

export const ErrorBoundary = RouteError;

export default function PortalTeam({ loaderData }: Route.ComponentProps) {
  return <TeamScreen members={loaderData.members} myId={loaderData.myId} />;
}
