// How a template's body reads (docs/product-rules.md#r57-documents-and-e-signature): paragraphs
// separated by a blank line, a line starting with "## " a heading. The admins' preview shows these
// blocks as a signer reads them; the document's layout follows the same rule.

export type TemplateBlock = { kind: "heading" | "paragraph"; text: string };

/** The body's headings and paragraphs, in order; a paragraph's lines joined by a line break. */
export function templateBlocks(body: string): TemplateBlock[] {
  const blocks: TemplateBlock[] = [];
  for (const chunk of body.replace(/\r\n?/g, "\n").split(/\n[ \t]*\n/)) {
    let lines: string[] = [];
    const flush = () => {
      if (lines.length) blocks.push({ kind: "paragraph", text: lines.join("\n") });
      lines = [];
    };
    for (const line of chunk.split("\n")) {
      if (line.startsWith("## ")) {
        flush();
        if (line.slice(3).trim()) blocks.push({ kind: "heading", text: line.slice(3).trim() });
      } else if (line.trim()) lines.push(line.trim());
    }
    flush();
  }
  return blocks;
}
