import { listStipKinds } from "#domain/stips/catalog-contracts.ts";
import { RouteError } from "../components/ui/route-error.tsx";
import { saveStipKind } from "../features/back-office/stips/stip-kind-actions.ts";
import { StipCatalog } from "../features/back-office/stips/stip-catalog.tsx";
import { call } from "../lib/call.ts";
import { appPageMeta } from "../lib/page-meta.ts";
import { meContext } from "../lib/session.ts";
import type { Route } from "./+types/back-office-stip-kinds";

export const meta = () => appPageMeta("Stips catalog");

export const clientLoader = async ({ request, context }: Route.ClientLoaderArgs) => ({
  stipKinds: (await call(listStipKinds, {}, { signal: request.signal })).stipKinds,
  admin: context.get(meContext).user.role === "admin",
});

export const clientAction = async ({ request }: Route.ClientActionArgs) => saveStipKind(await request.formData());

export const ErrorBoundary = RouteError;

/** The stips catalog (docs/product-rules.md#r55-stipulations): staff read it, admins add and change stips. */
export default function BackOfficeStipKinds({ loaderData }: Route.ComponentProps) {
  const { stipKinds, admin } = loaderData;
  return (
    <>
      <h1 className="text-2xl font-bold">Stips catalog</h1>
      <p className="mt-1 max-w-prose text-slate-700">
        The stipulations a deal may owe before documents, who sends each, and the rule that asks for it by default when
        an approval is presented (by program and from an amount). A deal&apos;s stips keep the name and wording they
        were requested with.
      </p>
      <StipCatalog kinds={stipKinds} admin={admin} />
    </>
  );
}
