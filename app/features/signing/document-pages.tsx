import type { DocumentPage, PageLine, SigningField } from "#domain/signing/package-shapes.ts";
import { SignatureMark } from "./signature-mark.tsx";

const fieldLabels: Record<SigningField["kind"], string> = {
  signature: "Signature",
  initials: "Initials",
  date: "Date",
  name: "Printed name",
};

/** What the signer's marks look like: adopted (or about to be) and, once signed, the signing's date. */
export type SignerMarks = {
  name: string;
  initials: string;
  drawnPng: string | null;
  /** The document's signing time, shown in its date field; null before. */
  signedOn: string | null;
};

const lineClass: Record<PageLine["style"], string> = {
  title: "text-xl font-bold text-slate-900",
  heading: "mt-3 font-semibold text-slate-900",
  body: "mt-2",
  bold: "mt-2 font-semibold",
  small: "mt-2 text-sm text-slate-700",
  "table-header": "",
  "table-row": "",
};

/** A page's lines as HTML: text lines as paragraphs, runs of table lines as one table. */
function PageLines({ lines }: { lines: PageLine[] }) {
  const blocks: (PageLine | PageLine[])[] = [];
  for (const line of lines) {
    const last = blocks.at(-1);
    const isTable = line.style === "table-header" || line.style === "table-row";
    if (isTable && Array.isArray(last)) last.push(line);
    else blocks.push(isTable ? [line] : line);
  }
  return (
    <>
      {blocks.map((block, index) =>
        Array.isArray(block) ? (
          <div key={index} className="mt-3 overflow-x-auto">
            <table className="w-full border-collapse text-left text-sm">
              <tbody>
                {block.map((row, rowIndex) => (
                  <tr key={rowIndex} className="border-b border-slate-200">
                    {row.cells.map((cell, cellIndex) =>
                      row.style === "table-header" ? (
                        <th key={cellIndex} scope="col" className="py-1 pr-3 font-semibold">
                          {cell}
                        </th>
                      ) : (
                        <td key={cellIndex} className="py-1 pr-3">
                          {cell}
                        </td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p key={index} className={lineClass[block.style]}>
            {block.cells.join(" ")}
          </p>
        ),
      )}
    </>
  );
}

/** One place to fill: what goes there, shown as it will stand once signed. */
function FieldBox({ field, marks }: { field: SigningField; marks: SignerMarks | null }) {
  const signed = marks?.signedOn != null;
  let content: React.ReactNode = <span className="text-sm text-slate-700">Filled in when you sign</span>;
  if (marks && field.kind === "signature")
    content = <SignatureMark text={marks.name} drawnPng={marks.drawnPng} label="Signature" size="small" />;
  else if (marks && field.kind === "initials")
    content = <SignatureMark text={marks.initials} label="Initials" size="small" />;
  else if (marks && field.kind === "name") content = <span>{marks.name}</span>;
  else if (field.kind === "date" && marks?.signedOn) content = <span>{marks.signedOn}</span>;
  return (
    <li
      className={`min-w-32 flex-1 rounded-md border-2 p-2 ${signed ? "border-green-700 bg-green-50" : "border-dashed border-accent-600 bg-amber-50"}`}
    >
      <span className="block text-xs font-semibold tracking-wide text-slate-700 uppercase">
        {fieldLabels[field.kind]}
        {signed ? "" : ": required"}
      </span>
      <span className="mt-1 block min-h-8">{content}</span>
    </li>
  );
}

/**
 * A document's pages as page cards ("Page 2 of 5"), readable at phone width: the laid-out lines of
 * the PDF, then the page's fields in the order they stand on it (top to bottom, left to right).
 */
export function DocumentPages({
  documentId,
  pages,
  fields,
  marks,
  pageHeading: PageHeading = "h4",
}: {
  /** The page cards' heading level: under the ceremony's document heading (h3), or a screen's h1 (h2). */
  pageHeading?: "h2" | "h4";
  documentId: string;
  pages: DocumentPage[];
  fields: SigningField[];
  marks: SignerMarks | null;
}) {
  return (
    <ol className="mt-4 space-y-4">
      {pages.map((page) => {
        const label = `Page ${page.number} of ${pages.length}`;
        const headingId = `document-${documentId}-page-${page.number}`;
        const onPage = fields
          .filter((field) => field.page === page.number)
          .sort((a, b) => b.y + b.height - (a.y + a.height) || a.x - b.x);
        return (
          <li
            key={page.number}
            aria-labelledby={headingId}
            className="rounded-md border border-slate-300 bg-white p-4 shadow-sm"
          >
            <PageHeading id={headingId} className="text-sm font-semibold text-slate-700">
              {label}
            </PageHeading>
            <div className="mt-2 break-words">
              <PageLines lines={page.lines} />
            </div>
            {onPage.length > 0 ? (
              <ul aria-label={`Signing fields on page ${page.number}`} className="mt-4 flex flex-wrap gap-3">
                {onPage.map((field) => (
                  <FieldBox key={field.id} field={field} marks={marks} />
                ))}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
