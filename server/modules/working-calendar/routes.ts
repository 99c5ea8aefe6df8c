import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  getCreditStatus,
  listWorkingCalendar as listWorkingCalendarEndpoint,
  resetWorkingCalendarDay as resetWorkingCalendarDayEndpoint,
  setWorkingCalendarDay as setWorkingCalendarDayEndpoint,
} from "#domain/api/working-calendar.ts";
import { authRoles } from "#domain/auth/roles.ts";
import { isCreditOnline } from "#domain/leads/response-promise.ts";
import { businessDayOf } from "#domain/site/business-day.ts";
import { registerEndpoint } from "../../register-endpoint.ts";
import { requireVendorScope } from "../deals/vendor-scope.ts";
import { listWorkingCalendar, resetWorkingCalendarDay, setWorkingCalendarDay } from "./change-working-calendar.ts";
import { loadWorkingCalendar } from "./load-working-calendar.ts";

/** The credit team's calendar: admins change it; vendors' portal reads "Credit Online" from it. */
export const workingCalendarRoutes: FastifyPluginAsyncZod<{ timeZone: string }> = async (app, { timeZone }) => {
  const admin = async (request: FastifyRequest) => {
    const found = await app.requireUser(request, { roles: [authRoles.admin] });
    return { id: found.id, ip: request.ip };
  };
  const adminFirst = { onRequest: async (request: FastifyRequest) => void (await admin(request)) };
  const thisYear = () => Number(businessDayOf(new Date(), timeZone).slice(0, 4));

  registerEndpoint(
    app,
    listWorkingCalendarEndpoint,
    async (request) => {
      await admin(request);
      const year = request.query.year ? Number(request.query.year) : thisYear();
      return { year, days: await listWorkingCalendar(app.db, year, thisYear()) };
    },
    adminFirst,
  );

  registerEndpoint(app, setWorkingCalendarDayEndpoint, async (request) => setWorkingCalendarDay(app.db, await admin(request), request.params.day, request.body, thisYear()), adminFirst);

  registerEndpoint(
    app,
    resetWorkingCalendarDayEndpoint,
    async (request) => {
      await resetWorkingCalendarDay(app.db, await admin(request), request.params.day);
      return { ok: true as const };
    },
    adminFirst,
  );

  registerEndpoint(
    app,
    getCreditStatus,
    async (request) => {
      await requireVendorScope(app, request);
      const now = new Date();
      const today = businessDayOf(now, timeZone);
      return { online: isCreditOnline(now, timeZone, await loadWorkingCalendar(app.db, today, today)) };
    },
    { onRequest: async (request: FastifyRequest) => void (await requireVendorScope(app, request)) },
  );
};
