import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getCreditStatus } from "#domain/working-calendar/contracts.ts";
import { isCreditOnline } from "#domain/response-times/response-promise.ts";
import { businessDayOf } from "#domain/site/business-day.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import { loadWorkingCalendar } from "./load-working-calendar.ts";

/** The portal's "Credit Online": read from the credit team's calendar. */
export const creditStatusRoutes: FastifyPluginAsyncZod<{ timeZone: string }> = async (app, { timeZone }) => {
  registerEndpoint(app, getCreditStatus, async () => {
    const now = new Date();
    const today = businessDayOf(now, timeZone);
    return { online: isCreditOnline(now, timeZone, await loadWorkingCalendar(app.db, today, today)) };
  });
};
