import { redirect } from "react-router";
import type { Route } from "./+types/back-office-credit-application";

/** The credit application's own address before every lead had a page: kept for links in mails and bookmarks. */
export const clientLoader = ({ params }: Route.ClientLoaderArgs) =>
  redirect(`/back-office/leads/credit-application/${encodeURIComponent(params.id)}`);

export default function BackOfficeCreditApplication() {
  return null;
}
