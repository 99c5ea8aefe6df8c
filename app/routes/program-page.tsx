import { useLocation } from "react-router";
import { ProgramPage as ProgramContent, programPages, type ProgramPath } from "../features/content/program-pages.tsx";
import { publicPageMeta } from "../lib/page-meta.ts";
import { useScrollToTop } from "../lib/use-scroll-to-top.ts";
import type { Route } from "./+types/program-page";

/** One module for the seven program pages; the path picks the copy. */
function programPath(pathname: string): ProgramPath {
  const match = Object.keys(programPages).find(
    (path) => path.toLowerCase() === pathname.replace(/\/+$/, "").toLowerCase(),
  );
  if (!match) throw new Error(`No program page at ${pathname}`);
  return match as ProgramPath;
}

export const meta = ({ location }: Route.MetaArgs) => publicPageMeta(programPath(location.pathname));

export default function ProgramPage() {
  const { pathname } = useLocation();
  const path = programPath(pathname);
  useScrollToTop(path);
  return <ProgramContent path={path} />;
}
