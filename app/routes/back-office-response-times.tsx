import { getPromiseBoard } from "#domain/response-times/contracts.ts";
import { RouteError } from "../components/ui/route-error.tsx";
import { readBoardQuery } from "../features/back-office/response-times/board-query.ts";
import { ResponseTimesScreen } from "../features/back-office/response-times/response-times-screen.tsx";
import { call } from "../lib/call.ts";
import { appPageMeta } from "../lib/page-meta.ts";
import { brand } from "../lib/public-config.ts";
import type { Route } from "./+types/back-office-response-times";

export const meta = () => appPageMeta("Response times");

// The range and kind live in the URL (?kind=&from=&to=): changing them is a navigation, and this runs again.
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const query = readBoardQuery(new URL(request.url).searchParams, brand.timeZone);
  return { query, board: await call(getPromiseBoard, { query }, { signal: request.signal }) };
}

export const ErrorBoundary = RouteError;

export default function BackOfficeResponseTimes({ loaderData }: Route.ComponentProps) {
  return <ResponseTimesScreen {...loaderData} />;
}
