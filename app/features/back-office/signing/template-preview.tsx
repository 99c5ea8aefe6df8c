import { fillTemplate, mergeValues } from "#domain/signing/merge-fields.ts";
import { samplePackageFacts } from "#domain/signing/sample-package-facts.ts";
import { templateBlocks } from "#domain/signing/template-blocks.ts";

const sampleValues = mergeValues(samplePackageFacts);

/**
 * A template as a signer reads it, filled with the sample deal's facts by the same fillTemplate a
 * package uses. A merge field the text gets wrong stays as written, braces and all.
 */
export function TemplatePreview({ title, body }: { title: string; body: string }) {
  const blocks = templateBlocks(fillTemplate(body, sampleValues));
  return (
    <section aria-labelledby="template-preview-heading" className="mt-8">
      <h3 id="template-preview-heading" className="text-lg font-semibold">
        Preview with a sample deal
      </h3>
      <p className="mt-1 max-w-prose text-sm text-slate-700">
        What a signer reads, filled with the facts of a sample deal ({samplePackageFacts.business.name}). The terms
        table and the signature block are added when a package is generated.
      </p>
      <article
        aria-label="Preview of the document"
        className="mt-3 max-w-3xl rounded-md border border-slate-300 bg-white p-4 shadow-sm sm:p-8"
      >
        <h4 className="text-center text-xl font-bold">{fillTemplate(title, sampleValues)}</h4>
        {blocks.map((block, index) =>
          block.kind === "heading" ? (
            <h5 key={index} className="mt-5 font-bold">
              {block.text}
            </h5>
          ) : (
            <p key={index} className="mt-3 whitespace-pre-line">
              {block.text}
            </p>
          ),
        )}
      </article>
    </section>
  );
}
