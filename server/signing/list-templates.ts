import { count, desc, eq } from "drizzle-orm";
import { defaultAgreementTemplates } from "#domain/signing/default-templates.ts";
import { mergeFieldNames } from "#domain/signing/merge-fields.ts";
import { agreementDocumentKinds, type AgreementDocumentKind } from "#domain/signing/package-shapes.ts";
import {
  templateVersionsShown,
  type AgreementTemplateRow,
  type AgreementTemplateVersion,
} from "#domain/signing/template-contracts.ts";
import type { DbExecutor } from "../db/client.ts";
import { user } from "../auth/tables.ts";
import { agreementTemplateVersion } from "./tables.ts";

const builtIn = (kind: AgreementDocumentKind): AgreementTemplateVersion => ({
  version: 0,
  ...defaultAgreementTemplates[kind],
  savedBy: null,
  savedAt: null,
});

const savedVersion = {
  version: agreementTemplateVersion.version,
  title: agreementTemplateVersion.title,
  body: agreementTemplateVersion.body,
  savedBy: user.name,
  savedAt: agreementTemplateVersion.createdAt,
};

const toVersion = (row: { version: number; title: string; body: string; savedBy: string; savedAt: Date }) => ({
  ...row,
  savedAt: row.savedAt.toISOString(),
});

/** Every kind's current template (its latest version, else the built-in text) with how many versions were saved. */
export async function listTemplates(db: DbExecutor): Promise<AgreementTemplateRow[]> {
  const [latest, counts] = await Promise.all([
    db
      .selectDistinctOn([agreementTemplateVersion.kind], { kind: agreementTemplateVersion.kind, ...savedVersion })
      .from(agreementTemplateVersion)
      .innerJoin(user, eq(user.id, agreementTemplateVersion.createdByUserId))
      .orderBy(agreementTemplateVersion.kind, desc(agreementTemplateVersion.version)),
    db
      .select({ kind: agreementTemplateVersion.kind, saved: count() })
      .from(agreementTemplateVersion)
      .groupBy(agreementTemplateVersion.kind),
  ]);
  return agreementDocumentKinds.map((kind) => {
    const found = latest.find((row) => row.kind === kind);
    return {
      kind,
      ...(found ? toVersion(found) : builtIn(kind)),
      savedVersions: counts.find((row) => row.kind === kind)?.saved ?? 0,
    };
  });
}

/** The merge fields a template may use, with what each becomes. */
export const mergeFieldList = () =>
  Object.entries(mergeFieldNames).map(([name, description]) => ({ name, description }));

/** A kind's versions, newest first, at most templateVersionsShown; the built-in text last when it fits. */
export async function listTemplateVersions(
  db: DbExecutor,
  kind: AgreementDocumentKind,
): Promise<{ versions: AgreementTemplateVersion[]; savedVersions: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select(savedVersion)
      .from(agreementTemplateVersion)
      .innerJoin(user, eq(user.id, agreementTemplateVersion.createdByUserId))
      .where(eq(agreementTemplateVersion.kind, kind))
      .orderBy(desc(agreementTemplateVersion.version))
      .limit(templateVersionsShown),
    db.select({ saved: count() }).from(agreementTemplateVersion).where(eq(agreementTemplateVersion.kind, kind)),
  ]);
  const versions = rows.map(toVersion);
  return {
    versions: versions.length < templateVersionsShown ? [...versions, builtIn(kind)] : versions,
    savedVersions: counted?.saved ?? 0,
  };
}
