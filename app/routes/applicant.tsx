import { useLayoutEffect, useState } from "react";
import { useLocation } from "react-router";
import { applicantLinkTokenPattern } from "#domain/applicant-portal/applicant-access.ts";
import { getApplicantApplication } from "#domain/applicant-portal/contracts.ts";
import { RouteError } from "../components/ui/route-error.tsx";
import { applicantAction } from "../features/applicant-portal/applicant-action.ts";
import { ApplicantPage } from "../features/applicant-portal/applicant-page.tsx";
import { ApplicantSignIn } from "../features/applicant-portal/applicant-sign-in.tsx";
import { PublicLayout } from "../features/site-chrome/public-layout.tsx";
import { ApiError, call } from "../lib/call.ts";
import { appPageMeta } from "../lib/page-meta.ts";
import type { Route } from "./+types/applicant";

export const meta = () => appPageMeta("Your application");

/** The page when the applicant's session is open, else null (the mailed link and code open it). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  try {
    return { page: await call(getApplicantApplication, {}, { signal: request.signal }) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { page: null };
    throw error;
  }
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  return applicantAction(await request.formData(), request.signal);
}

export const ErrorBoundary = RouteError;

/**
 * Where a status mail's "See your application" link lands (`/application#<token>`,
 * docs/product-rules.md#r56-the-applicants-page): the token is read once and kept in memory, the address
 * bar and history lose it before the first paint; with it the applicant asks for a code, and the code
 * opens the page.
 */
export default function Applicant({ loaderData }: Route.ComponentProps) {
  const { hash } = useLocation();
  const [token] = useState(() => {
    const fragment = hash.replace(/^#/, "");
    return applicantLinkTokenPattern.test(fragment) ? fragment : null;
  });
  useLayoutEffect(() => {
    if (window.location.hash || window.location.search)
      window.history.replaceState(window.history.state, "", window.location.pathname);
  }, []);
  return (
    <PublicLayout>
      <div className="mx-auto max-w-2xl px-4 py-10">
        <h1 className="text-3xl font-bold text-brand-900">Your application</h1>
        {loaderData.page ? <ApplicantPage page={loaderData.page} /> : <ApplicantSignIn token={token} />}
      </div>
    </PublicLayout>
  );
}
