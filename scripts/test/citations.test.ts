import { readdirSync, readFileSync } from "node:fs";
import { extname, join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Comments cite what a reader can open in this repository: a section of docs/product-rules.md or
 * an ADR under docs/decisions/. Tracker numbers and the rulings or spec files kept outside the
 * repository mean nothing to a reader here, and a rules anchor that does not exist leads nowhere.
 */
const codeFolders = ["server", "app", "domain", "scripts", "tests"];
const codeExtensions = new Set([".ts", ".tsx", ".js", ".mjs", ".cjs", ".css"]);
const rulesFile = "docs/product-rules.md";

const forbidden: { what: string; pattern: RegExp }[] = [
  { what: "a tracker number", pattern: /\bissues?[\s-]+\d+/i },
  { what: "the rulings file outside the repository", pattern: /\bdecisions\.md\b/i },
  { what: "the product spec outside the repository", pattern: /product-spec|shared\/spec\b/i },
  { what: "a section of the product spec outside the repository", pattern: /\bspec(?:'s)?,? (?:§|sections? \d)/i },
  // Lower case only: docs/ARCHITECTURE.md is in the repository; the design notes outside it are not.
  { what: "the design notes outside the repository", pattern: /(?<![A-Za-z])architecture\.md\b/ },
];

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith(".") || entry.name === "node_modules") return [];
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return codeExtensions.has(extname(entry.name)) ? [path] : [];
  });
}

type Comment = { line: number; text: string };

const literalKinds = new Set([
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateHead,
  ts.SyntaxKind.TemplateMiddle,
  ts.SyntaxKind.TemplateTail,
  ts.SyntaxKind.RegularExpressionLiteral,
  ts.SyntaxKind.JsxText,
]);

/**
 * Every comment of a TypeScript or JavaScript file: the compiler's parse finds the strings,
 * templates, regular expressions and JSX text, which are blanked out; what then reads as a
 * comment is one.
 */
function scriptComments(path: string, text: string): Comment[] {
  const kind = path.endsWith(".tsx") ? ts.ScriptKind.TSX : path.endsWith(".ts") ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const blanked = text.split("");
  const visit = (node: ts.Node) => {
    if (literalKinds.has(node.kind)) {
      for (let at = node.getStart(source); at < node.getEnd(); at++) if (blanked[at] !== "\n") blanked[at] = " ";
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  const code = blanked.join("");
  return [...code.matchAll(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g)].map((match) => ({
    line: source.getLineAndCharacterOfPosition(match.index).line + 1,
    text: text.slice(match.index, match.index + match[0].length),
  }));
}

function cssComments(text: string): Comment[] {
  return [...text.matchAll(/\/\*[\s\S]*?\*\//g)].map((match) => ({
    line: text.slice(0, match.index).split("\n").length,
    text: match[0],
  }));
}

const citedAnchor = /product-rules\.md#([\w-]+)/g;

/** The comments that could matter: a file none of the patterns matches anywhere is not parsed. */
function commentsOf(path: string): Comment[] {
  const text = readFileSync(path, "utf8");
  if (!forbidden.some(({ pattern }) => pattern.test(text)) && !text.includes(`${rulesFile}#`)) return [];
  return path.endsWith(".css") ? cssComments(text) : scriptComments(path, text);
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens. */
function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");
}

function ruleAnchors(): Set<string> {
  const headings = readFileSync(rulesFile, "utf8")
    .split("\n")
    .filter((line) => /^#{1,6} /.test(line));
  return new Set(headings.map((line) => headingAnchor(line.replace(/^#+ /, ""))));
}

describe("citations in comments", () => {
  const files = codeFolders.flatMap(filesUnder);
  const comments = files.flatMap((path) => commentsOf(path).map((comment) => ({ path, ...comment })));

  it("finds the citations of every code folder", () => {
    const citing = comments.filter((comment) => comment.text.includes(`${rulesFile}#`));
    for (const folder of codeFolders)
      expect(citing.some((comment) => comment.path.startsWith(`${folder}/`))).toBe(true);
    expect(citing.length).toBeGreaterThan(100);
  });

  it("cite no tracker number and no file outside the repository (cite docs/product-rules.md or an ADR)", () => {
    const offending = comments.flatMap(({ path, line, text }) =>
      forbidden.filter(({ pattern }) => pattern.test(text)).map(({ what }) => `${path}:${line}: ${what}`),
    );
    expect(offending).toEqual([]);
  });

  it("cite only sections that docs/product-rules.md has", () => {
    const anchors = ruleAnchors();
    const cited = comments.flatMap(({ path, line, text }) =>
      [...text.matchAll(citedAnchor)].map((match) => ({ where: `${path}:${line}`, anchor: match[1]! })),
    );
    expect(
      cited.filter(({ anchor }) => !anchors.has(anchor)).map(({ where, anchor }) => `${where}: #${anchor}`),
    ).toEqual([]);
  });

  it("and so do the docs' links to it", () => {
    const anchors = ruleAnchors();
    const docs = [
      "README.md",
      ...readdirSync("docs", { recursive: true, encoding: "utf8" })
        .filter((name) => name.endsWith(".md"))
        .map((name) => join("docs", name)),
    ];
    const broken = docs.flatMap((path) =>
      [...readFileSync(path, "utf8").matchAll(citedAnchor)]
        .filter((match) => !anchors.has(match[1]!))
        .map((match) => `${path}: #${match[1]}`),
    );
    expect(broken).toEqual([]);
  });
});

describe("headingAnchor", () => {
  it("gives GitHub's anchors", () => {
    expect(headingAnchor("R18 Deals belong to a company")).toBe("r18-deals-belong-to-a-company");
    expect(headingAnchor("R30 Never to a user's address, ever")).toBe("r30-never-to-a-users-address-ever");
    expect(headingAnchor("Dealer API: API keys and /api/v1 (2026-11-23)")).toBe(
      "dealer-api-api-keys-and-apiv1-2026-11-23",
    );
  });
});
