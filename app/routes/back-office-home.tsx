import { useOutletContext } from "react-router";
import type { Me } from "#domain/api/me.ts";
import { appPageMeta } from "../lib/page-meta.ts";

export const meta = () => appPageMeta("Back Office");

export default function BackOfficeHome() {
  const me = useOutletContext<Me>();
  return (
    <>
      <h1 className="text-2xl font-bold">Welcome, {me.user.name}</h1>
      <p className="mt-2">Leads, deals and vendors will appear here.</p>
    </>
  );
}
