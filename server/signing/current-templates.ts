import { desc, inArray } from "drizzle-orm";
import type { AgreementDocumentKind } from "#domain/signing/package-shapes.ts";
import { defaultAgreementTemplates } from "#domain/signing/default-templates.ts";
import type { DbExecutor } from "../db/client.ts";
import { agreementTemplateVersion } from "./tables.ts";

/** The template each kind is made from now: the latest saved version, else the built-in text (version 0). */
export async function currentTemplates(
  db: DbExecutor,
  kinds: readonly AgreementDocumentKind[],
): Promise<Map<AgreementDocumentKind, { version: number; title: string; body: string }>> {
  const saved = kinds.length
    ? await db
        .selectDistinctOn([agreementTemplateVersion.kind], {
          kind: agreementTemplateVersion.kind,
          version: agreementTemplateVersion.version,
          title: agreementTemplateVersion.title,
          body: agreementTemplateVersion.body,
        })
        .from(agreementTemplateVersion)
        .where(inArray(agreementTemplateVersion.kind, [...kinds]))
        .orderBy(agreementTemplateVersion.kind, desc(agreementTemplateVersion.version))
    : [];
  return new Map(
    kinds.map((kind) => {
      const found = saved.find((row) => row.kind === kind);
      return [kind, found ?? { version: 0, ...defaultAgreementTemplates[kind] }];
    }),
  );
}
