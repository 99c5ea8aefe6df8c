import { useEffect } from "react";
import { useNavigate } from "react-router";
import { isStaffRole } from "#domain/auth/roles.ts";
import { Button } from "../components/ui/button.tsx";
import { signOut, useMe } from "../features/auth/use-me.ts";
import { appPageMeta } from "../lib/page-meta.ts";

export const meta = () => appPageMeta("Vendor Portal");

export default function Portal() {
  const state = useMe();
  const navigate = useNavigate();
  useEffect(() => {
    if (state.status === "signed-out") void navigate("/VendorLogin", { replace: true });
    if (state.status === "signed-in" && isStaffRole(state.me.user.role)) void navigate("/back-office", { replace: true });
  }, [state, navigate]);

  if (state.status !== "signed-in") {
    return (
      <p role="status" className="p-8">
        {state.status === "error" ? state.message : "Loading…"}
      </p>
    );
  }
  return (
    <main className="mx-auto max-w-4xl p-8">
      <h1 className="text-3xl font-bold text-brand-900">Vendor Portal</h1>
      <p className="mt-2">Welcome, {state.me.user.name}.</p>
      <Button
        variant="secondary"
        className="mt-6"
        onClick={async () => {
          await signOut();
          await navigate("/VendorLogin");
        }}
      >
        Log Out
      </Button>
    </main>
  );
}
