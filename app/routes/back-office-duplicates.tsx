import { listDuplicates } from "#domain/duplicates/contracts.ts";
import { RouteError } from "../components/ui/route-error.tsx";
import { DuplicateLinksTable } from "../features/back-office/duplicates/duplicate-links.tsx";
import { call } from "../lib/call.ts";
import { appPageMeta } from "../lib/page-meta.ts";
import type { Route } from "./+types/back-office-duplicates";

export const meta = () => appPageMeta("Possible duplicates");

export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  call(listDuplicates, { query: { status: "open" } }, { signal: request.signal });

export const ErrorBoundary = RouteError;

export default function BackOfficeDuplicates({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-2xl font-bold">Possible duplicates</h1>
      <p className="mt-1 text-slate-700">
        A new deal, credit application or calculator lead whose business matches one of the last 90 days (same tax ID,
        compared by keyed hash, or same e-mail or phone). Merge files them as one (nothing is deleted); dismiss if they
        are different businesses. Vendors never see this.
      </p>
      <DuplicateLinksTable
        links={loaderData.links}
        caption="Possible duplicates to decide"
        empty="No possible duplicates to decide."
      />
    </>
  );
}
