import * as z from "zod/mini";
import { endpoint } from "../http/endpoint.ts";
import { checkTemplateBody } from "./merge-fields.ts";
import { agreementDocumentKinds } from "./package-shapes.ts";

// The agreement templates admins keep (docs/product-rules.md#r57-documents-and-e-signature): each save
// is a new version, a package copies the text it was made from; staff read them.

export const templateTitleMaxLength = 200;
export const templateBodyMaxLength = 40_000;
/** The versions a kind's history shows, newest first. */
export const templateVersionsShown = 50;

/** A message naming the first unknown or malformed merge field of a text. */
const knownMergeFields = z.superRefine<string>((text, ctx) => {
  const problem = checkTemplateBody(text);
  if (problem) ctx.addIssue({ code: "custom", message: `${problem}.`, input: text });
});

/**
 * A new version as an admin saves it: the title and text as typed, and the version they were
 * editing (0: the built-in text). A save made from an older version than the latest is refused,
 * so that two admins never overwrite each other's text unknowingly.
 */
export const agreementTemplateInput = z.object({
  title: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, "Please give the document a title."),
      z.maxLength(templateTitleMaxLength, `Please use at most ${templateTitleMaxLength} characters.`),
      knownMergeFields,
    ),
  body: z.string().check(
    z.overwrite((text) => text.replace(/\r\n?/g, "\n").trim()),
    z.minLength(1, "Please write the document's text."),
    z.maxLength(
      templateBodyMaxLength,
      `Please use at most ${templateBodyMaxLength.toLocaleString("en-US")} characters.`,
    ),
    knownMergeFields,
  ),
  basedOnVersion: z.number().check(z.int(), z.gte(0), z.lte(1_000_000)),
});

export type AgreementTemplateInput = z.input<typeof agreementTemplateInput>;
export type AgreementTemplateValues = z.output<typeof agreementTemplateInput>;

/** What the editor's form validates: the fields an admin types, by the endpoint's own rules. */
export const agreementTemplateFormFields = z.pick(agreementTemplateInput, { title: true, body: true });

const templateVersion = z.object({
  /** 0: the built-in text. */
  version: z.number(),
  title: z.string(),
  body: z.string(),
  /** The admin's name; null for the built-in text. */
  savedBy: z.nullable(z.string()),
  savedAt: z.nullable(z.string()),
});

export type AgreementTemplateVersion = z.infer<typeof templateVersion>;

export const agreementTemplateRow = z.extend(templateVersion, {
  kind: z.enum(agreementDocumentKinds),
  /** Saved versions (the built-in text not counted). */
  savedVersions: z.number(),
});

export type AgreementTemplateRow = z.infer<typeof agreementTemplateRow>;

const kindParams = z.object({ kind: z.enum(agreementDocumentKinds, "Not a kind of agreement document.") });

export const listAgreementTemplates = endpoint({
  method: "GET",
  path: "/api/back-office/agreement-templates",
  audience: "staff",
  summary: "Every agreement document's current template, and the merge fields a template may use",
  tags: ["back office"],
  responses: {
    200: z.object({
      templates: z.array(agreementTemplateRow),
      mergeFields: z.array(z.object({ name: z.string(), description: z.string() })),
    }),
  },
  errors: ["FORBIDDEN", "TWO_FACTOR_REQUIRED"],
});

export const listAgreementTemplateVersions = endpoint({
  method: "GET",
  path: "/api/back-office/agreement-templates/:kind/versions",
  audience: "staff",
  summary: `An agreement document's template versions, newest first (at most ${templateVersionsShown}), the built-in text last`,
  tags: ["back office"],
  params: kindParams,
  responses: { 200: z.object({ versions: z.array(templateVersion), savedVersions: z.number() }) },
  errors: ["FORBIDDEN", "TWO_FACTOR_REQUIRED"],
});

export const saveAgreementTemplate = endpoint({
  method: "POST",
  path: "/api/back-office/agreement-templates/:kind",
  audience: "admin",
  summary:
    "Save a new version of an agreement document's template (admins; audited). Packages made before keep their text",
  tags: ["back office"],
  params: kindParams,
  body: agreementTemplateInput,
  responses: { 201: z.object({ template: agreementTemplateRow }) },
  errors: ["FORBIDDEN", "CONFLICT"],
});
