// public/widget.js, the dealer widget; run by `npm run build` before react-router build, which
// copies public/ into build/client.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { bundleWidget, gzipBytes } from "./widget-bundle.ts";

const code = await bundleWidget();
await writeFile(path.resolve(import.meta.dirname, "../../public/widget.js"), code);
console.log(`public/widget.js: ${code.length} bytes, ${gzipBytes(code)} gzip`);
