import { Outlet } from "react-router";
import { PublicLayout } from "../features/site-chrome/public-layout.tsx";

/** The public pages' chrome (skip link, header, footer, cookie banner), once for every public route. */
export default function PublicPages() {
  return (
    <PublicLayout>
      <Outlet />
    </PublicLayout>
  );
}
