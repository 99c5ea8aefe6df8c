// The dealer widget (app/widget/kec-payment.ts) bundled and minified: scripts/build/build-widget.ts
// writes it to public/widget.js, and widget-bundle.test.ts holds it to its size budget.
import path from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

export const widgetSource = path.resolve(import.meta.dirname, "../../app/widget/kec-payment.ts");
/** docs/product-rules.md#r21-the-payment-widget: "well under 10 KB gzip". */
export const widgetGzipBudgetBytes = 4 * 1024;

export async function bundleWidget(): Promise<string> {
  const result = await build({
    entryPoints: [widgetSource],
    bundle: true,
    minify: true,
    format: "iife",
    target: ["es2020"],
    legalComments: "none",
    write: false,
    logLevel: "silent",
  });
  return result.outputFiles[0]!.text;
}

export const gzipBytes = (code: string) => gzipSync(code, { level: 9 }).length;
