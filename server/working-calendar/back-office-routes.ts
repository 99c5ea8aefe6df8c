import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  listWorkingCalendar as listWorkingCalendarEndpoint,
  resetWorkingCalendarDay as resetWorkingCalendarDayEndpoint,
  setWorkingCalendarDay as setWorkingCalendarDayEndpoint,
} from "#domain/working-calendar/contracts.ts";
import { businessDayOf } from "#domain/site/business-day.ts";
import type { SessionUser } from "../auth/auth-plugin.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import { listWorkingCalendar, resetWorkingCalendarDay, setWorkingCalendarDay } from "./change-working-calendar.ts";

/** The credit team's calendar in the back office: staff read it, admins change it. */
export const workingCalendarRoutes: FastifyPluginAsyncZod<{ timeZone: string }> = async (app, { timeZone }) => {
  const actor = (request: FastifyRequest, user: SessionUser) => ({ id: user.id, ip: request.ip });
  const thisYear = () => Number(businessDayOf(new Date(), timeZone).slice(0, 4));

  registerEndpoint(app, listWorkingCalendarEndpoint, async (request) => {
    const year = request.query.year ? Number(request.query.year) : thisYear();
    return { year, days: await listWorkingCalendar(app.db, year, thisYear()) };
  });

  registerEndpoint(app, setWorkingCalendarDayEndpoint, async (request, _reply, user) =>
    setWorkingCalendarDay(app.db, actor(request, user), request.params.day, request.body, thisYear()),
  );

  registerEndpoint(app, resetWorkingCalendarDayEndpoint, async (request, _reply, user) => {
    await resetWorkingCalendarDay(app.db, actor(request, user), request.params.day);
    return { ok: true as const };
  });
};
