import { listStipsToReview, stipsToReviewQuery } from "#domain/stips/review-queue-contracts.ts";
import { RouteError } from "../components/ui/route-error.tsx";
import { ReviewQueue } from "../features/back-office/stips/review-queue.tsx";
import { call } from "../lib/call.ts";
import { readListParams } from "../lib/list-url.ts";
import { appPageMeta } from "../lib/page-meta.ts";
import type { Route } from "./+types/back-office-stips-to-review";

export const meta = () => appPageMeta("Stips to review");

// The page (a cursor) is in the URL, like every back-office list.
export const clientLoader = async ({ request }: Route.ClientLoaderArgs) => {
  const query = readListParams(stipsToReviewQuery, new URL(request.url).searchParams, ["cursor"]);
  return call(listStipsToReview, { query }, { signal: request.signal });
};

export const ErrorBoundary = RouteError;

export default function BackOfficeStipsToReview({ loaderData }: Route.ComponentProps) {
  return <ReviewQueue queue={loaderData} />;
}
