import { formatBusinessDateTime } from "#domain/site/business-time.ts";
import type { AgreementTemplateVersion } from "#domain/signing/template-contracts.ts";
import { Button } from "../../../components/ui/button.tsx";
import { brand } from "../../../lib/public-config.ts";

/** "Version 3", or "The built-in text" for version 0. */
export const versionName = (version: number) => (version === 0 ? "The built-in text" : `Version ${version}`);

/** The same within a sentence: "version 3", "the built-in text". */
export const versionPhrase = (version: number) => (version === 0 ? "the built-in text" : `version ${version}`);

/** Who saved a version and when, or that it is the text the product comes with. */
export function savedLine(version: AgreementTemplateVersion): string {
  if (!version.savedBy || !version.savedAt) return "The text the product comes with.";
  return `Saved by ${version.savedBy} on ${formatBusinessDateTime(new Date(version.savedAt), brand.timeZone)}.`;
}

/**
 * A template's earlier versions, newest first, each readable in full; an admin copies one into the
 * editor to save it again as a new version (a version is never changed).
 */
export function EarlierVersions({
  versions,
  shownAll,
  onUse,
}: {
  versions: readonly AgreementTemplateVersion[];
  /** False when older versions exist than those listed. */
  shownAll: boolean;
  onUse?: (version: AgreementTemplateVersion) => void;
}) {
  return (
    <section aria-labelledby="template-versions-heading" className="mt-8">
      <h3 id="template-versions-heading" className="text-lg font-semibold">
        Earlier versions
      </h3>
      {versions.length === 0 ? (
        <p className="mt-2 text-slate-700">None: this is the first text of this document.</p>
      ) : (
        <ol className="mt-2 max-w-3xl space-y-3">
          {versions.map((version) => (
            <li key={version.version} className="rounded-md border border-slate-300 p-3">
              <p>
                <span className="font-medium">{versionName(version.version)}</span>: {version.title}.{" "}
                <span className="text-slate-700">{savedLine(version)}</span>
              </p>
              <details className="mt-2">
                <summary className="min-h-11 cursor-pointer py-2 font-medium text-brand-700 underline">
                  Read {versionPhrase(version.version)}
                </summary>
                <pre className="mt-2 font-sans whitespace-pre-wrap">{version.body}</pre>
              </details>
              {onUse ? (
                <Button variant="secondary" className="mt-2" onClick={() => onUse(version)}>
                  Copy {versionPhrase(version.version)} into the editor
                </Button>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {shownAll ? null : <p className="mt-2 text-sm text-slate-700">Older versions are not listed.</p>}
    </section>
  );
}
