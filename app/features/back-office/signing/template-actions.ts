import { agreementDocumentKinds, agreementDocumentLabels } from "#domain/signing/package-shapes.ts";
import { agreementTemplateInput, saveAgreementTemplate } from "#domain/signing/template-contracts.ts";
import { ApiError, call } from "../../../lib/call.ts";
import { fieldErrors, type FieldErrors } from "../../../lib/use-schema-form.ts";

export type TemplateActionResult = { ok: boolean; message: string; fieldErrors: FieldErrors };

const isKind = (kind: string): kind is (typeof agreementDocumentKinds)[number] =>
  (agreementDocumentKinds as readonly string[]).includes(kind);

/** What the editor posts to the route's action: the kind, the text as typed, and the version it was edited from. */
export function templateFormData(
  kind: string,
  values: { title: string; body: string },
  basedOnVersion: number,
): Record<string, string> {
  return { kind, title: values.title, body: values.body, basedOnVersion: String(basedOnVersion) };
}

/**
 * The templates screen's action: a new version of one kind's template, checked by the endpoint's
 * own schema first; a refusal says why, by field where it is a field's.
 */
export async function saveTemplate(form: FormData): Promise<TemplateActionResult> {
  const kind = String(form.get("kind") ?? "");
  const values = {
    title: String(form.get("title") ?? ""),
    body: String(form.get("body") ?? ""),
    basedOnVersion: Number(form.get("basedOnVersion")),
  };
  const checked = agreementTemplateInput.safeParse(values);
  if (!isKind(kind) || !checked.success)
    return {
      ok: false,
      message: "The template was not saved. Please check the highlighted fields.",
      fieldErrors: checked.success ? {} : fieldErrors(checked.error.issues),
    };
  try {
    const saved = await call(saveAgreementTemplate, { params: { kind }, body: values });
    return {
      ok: true,
      message: `${agreementDocumentLabels[kind]} saved as version ${saved.template.version}. Packages generated from now on use it.`,
      fieldErrors: {},
    };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return {
      ok: false,
      message: `The template was not saved. ${error.message}`,
      fieldErrors: Object.fromEntries(error.details.map((detail) => [detail.path.replace(/^\//, ""), detail.message])),
    };
  }
}
