import { Link, useOutletContext } from "react-router";
import type { Me } from "#domain/api/me.ts";
import { appPageMeta } from "../lib/page-meta.ts";

export const meta = () => appPageMeta("Back Office");

export default function BackOfficeHome() {
  const me = useOutletContext<Me>();
  return (
    <>
      <h1 className="text-2xl font-bold">Welcome, {me.user.name}</h1>
      <p className="mt-2">Work new leads first: the site promises a call within 30 minutes.</p>
      <ul className="mt-4 list-disc pl-6">
        <li>
          <Link to="/back-office/leads" className="text-brand-700 underline">Leads</Link>: every website submission, newest first, overdue ones in red.
        </li>
        <li>
          <Link to="/back-office/deals" className="text-brand-700 underline">Deals</Link>: vendors' deals by stage; change stages, answer vendors.
        </li>
      </ul>
    </>
  );
}
