import {
  listWorkingCalendar,
  resetWorkingCalendarDay,
  setWorkingCalendarDay,
  workingCalendarChange,
  workingCalendarDayParams,
} from "#domain/working-calendar/contracts.ts";
import { RouteError } from "../components/ui/route-error.tsx";
import {
  WorkingCalendarScreen,
  type WorkingCalendarAction,
  type WorkingCalendarResult,
} from "../features/back-office/working-calendar/working-calendar-screen.tsx";
import { ApiError, call } from "../lib/call.ts";
import { appPageMeta } from "../lib/page-meta.ts";
import type { Route } from "./+types/back-office-working-calendar";

export const meta = () => appPageMeta("Working calendar");

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const year = new URL(request.url).searchParams.get("year");
  return call(listWorkingCalendar, { query: year && /^\d{4}$/.test(year) ? { year } : {} }, { signal: request.signal });
}

/** A day made off or worked, or a change taken back; the list is read again after. */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<WorkingCalendarResult> {
  const action = (await request.json()) as WorkingCalendarAction;
  try {
    const params = workingCalendarDayParams.parse({ day: action.day });
    if (action.intent === "set")
      await call(setWorkingCalendarDay, {
        params,
        body: workingCalendarChange.parse({ closed: action.closed, label: action.label }),
      });
    else await call(resetWorkingCalendarDay, { params });
    return { ok: true, error: null };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, error: error.message };
    throw error;
  }
}

export const ErrorBoundary = RouteError;

export default function BackOfficeWorkingCalendar({ loaderData }: Route.ComponentProps) {
  return <WorkingCalendarScreen year={loaderData.year} days={loaderData.days} />;
}
