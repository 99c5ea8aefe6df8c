import type { ShouldRevalidateFunctionArgs } from "react-router";
import { agreementDocumentKinds, type AgreementDocumentKind } from "#domain/signing/package-shapes.ts";
import { listAgreementTemplates, listAgreementTemplateVersions } from "#domain/signing/template-contracts.ts";
import { RouteError } from "../components/ui/route-error.tsx";
import { AgreementTemplates } from "../features/back-office/signing/agreement-templates.tsx";
import { saveTemplate, type TemplateActionResult } from "../features/back-office/signing/template-actions.ts";
import { call } from "../lib/call.ts";
import { appPageMeta } from "../lib/page-meta.ts";
import { meContext } from "../lib/session.ts";
import type { Route } from "./+types/back-office-agreement-templates";

export const meta = () => appPageMeta("Agreement templates");

/** The document chosen by `?kind=`; the first one otherwise. */
const chosenKind = (url: string): AgreementDocumentKind => {
  const kind = new URL(url).searchParams.get("kind");
  return agreementDocumentKinds.find((each) => each === kind) ?? agreementDocumentKinds[0];
};

export const clientLoader = async ({ request, context }: Route.ClientLoaderArgs) => {
  const selected = chosenKind(request.url);
  const [{ templates, mergeFields }, { versions }] = await Promise.all([
    call(listAgreementTemplates, {}, { signal: request.signal }),
    call(listAgreementTemplateVersions, { params: { kind: selected } }, { signal: request.signal }),
  ]);
  return { templates, mergeFields, selected, versions, admin: context.get(meContext).user.role === "admin" };
};

export const clientAction = async ({ request }: Route.ClientActionArgs) => saveTemplate(await request.formData());

// A refused save reloads nothing: the editor keeps what the admin typed, even when another admin's
// version is the reason (they are told to reload).
export const shouldRevalidate = ({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
  actionResult && (actionResult as TemplateActionResult).ok === false ? false : defaultShouldRevalidate;

export const ErrorBoundary = RouteError;

/** The agreement templates (docs/product-rules.md#r57-documents-and-e-signature): staff read them, admins save new versions. */
export default function BackOfficeAgreementTemplates({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-2xl font-bold">Agreement templates</h1>
      <p className="mt-1 max-w-prose text-slate-700">
        The text of each document of an agreement package. Every save is a new version: packages generated from then on
        use it, and a package already generated keeps the text it was made from.
      </p>
      <AgreementTemplates {...loaderData} />
    </>
  );
}
