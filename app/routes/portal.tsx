import { useEffect } from "react";
import { useNavigate } from "react-router";
import { isStaffRole } from "#domain/auth/roles.ts";
import { useMe } from "../features/auth/use-me.ts";
import { PortalScreen } from "../features/portal/portal-screen.tsx";
import { appPageMeta } from "../lib/page-meta.ts";

export const meta = () => appPageMeta("Vendor Portal");

export default function Portal() {
  const state = useMe();
  const navigate = useNavigate();
  useEffect(() => {
    if (state.status === "signed-out") void navigate("/VendorLogin", { replace: true });
    if (state.status === "signed-in" && isStaffRole(state.me.user.role)) void navigate("/back-office", { replace: true });
  }, [state, navigate]);

  if (state.status !== "signed-in" || isStaffRole(state.me.user.role)) {
    return (
      <p role="status" className="p-8">
        {state.status === "error" ? state.message : "Loading…"}
      </p>
    );
  }
  return <PortalScreen me={state.me} />;
}
