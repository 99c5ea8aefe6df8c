import { desc, eq } from "drizzle-orm";
import { defaultAgreementTemplates } from "#domain/signing/default-templates.ts";
import type { AgreementDocumentKind } from "#domain/signing/package-shapes.ts";
import type { AgreementTemplateRow, AgreementTemplateValues } from "#domain/signing/template-contracts.ts";
import type { Database } from "../db/client.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { user } from "../auth/tables.ts";
import { AppError } from "../shared/errors.ts";
import { agreementTemplateVersion } from "./tables.ts";

const savedJustNow = () => new AppError("CONFLICT", "Someone saved this template just now: reload it.");

/** The unique (kind, version) index refused the row: another save took that version first. */
const isVersionTaken = (error: unknown): boolean => {
  const found = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const cause = found.code ? found : (found.cause ?? {});
  return (
    cause.code === "23505" && (cause.constraint === undefined || cause.constraint === "agreement_template_version_key")
  );
};

/**
 * Saves an admin's title and text as the kind's next version (docs/product-rules.md#r57-documents-and-e-signature),
 * audited `signing.template-saved`. Refused (409) when another version was saved since the one the
 * admin edited, whether seen here or by the unique (kind, version) index when two saves meet, and
 * when nothing changed. Versions are never updated: a package made earlier keeps its own copy.
 */
export async function saveTemplateVersion(
  db: Database,
  by: { userId: string; ipAddress: string },
  kind: AgreementDocumentKind,
  input: AgreementTemplateValues,
): Promise<AgreementTemplateRow> {
  try {
    return await db.transaction(async (tx) => {
      const [latest] = await tx
        .select({
          version: agreementTemplateVersion.version,
          title: agreementTemplateVersion.title,
          body: agreementTemplateVersion.body,
        })
        .from(agreementTemplateVersion)
        .where(eq(agreementTemplateVersion.kind, kind))
        .orderBy(desc(agreementTemplateVersion.version))
        .limit(1);
      const current = latest ?? { version: 0, ...defaultAgreementTemplates[kind] };
      if (current.version !== input.basedOnVersion) throw savedJustNow();
      if (current.title === input.title && current.body === input.body)
        throw new AppError(
          "CONFLICT",
          `Nothing changed: this is already the text of ${current.version === 0 ? "the built-in version" : `version ${current.version}`}. Change the title or the text to save a new version.`,
        );
      const version = current.version + 1;
      const [saved] = await tx
        .insert(agreementTemplateVersion)
        .values({ kind, version, title: input.title, body: input.body, createdByUserId: by.userId })
        .returning();
      await recordAudit(tx, {
        action: "signing.template-saved",
        actorUserId: by.userId,
        subject: kind,
        ipAddress: by.ipAddress,
        details: { kind, version },
      });
      const [saver] = await tx.select({ name: user.name }).from(user).where(eq(user.id, by.userId));
      return {
        kind,
        version,
        title: saved!.title,
        body: saved!.body,
        savedBy: saver?.name ?? null,
        savedAt: saved!.createdAt.toISOString(),
        savedVersions: version,
      };
    });
  } catch (error) {
    if (isVersionTaken(error)) throw savedJustNow();
    throw error;
  }
}
