// The server as one ESM bundle of our own code (build/server/start.mjs and main.mjs, packages left
// as imports of node_modules): `npm run build` writes it, and npm start, the Dockerfile and the
// browser suites run it. A start no longer transpiles a few hundred TypeScript files through tsx:
// 5.6 s -> 4.1 s to a healthy server on a migrated embedded database (ADR 0019).
import { readFile } from "node:fs/promises";
import path from "node:path";
import { build, type Plugin } from "esbuild";

export const serverBundleDir = path.resolve(import.meta.dirname, "../../build/server");
const entryPoints = ["start", "main"].map((name) => path.resolve(import.meta.dirname, `../../server/${name}.ts`));

/**
 * A module's `import.meta.url` and `import.meta.dirname` made to name the source file's place
 * again, relative to the bundle (`new URL("../../server/db/", import.meta.url)`): the server reads
 * files beside its modules (the migrations, the dealer guide, package.json), and the whole tree
 * can still be moved or copied (the Docker image) after the build.
 */
export function relocateImportMeta(code: string, sourceFile: string, bundleDir: string): string {
  const relativeDir = path.relative(bundleDir, path.dirname(sourceFile)).split(path.sep).join("/");
  const dirUrl = `new URL(${JSON.stringify(`${relativeDir || "."}/`)}, import.meta.url)`;
  const fileUrl = `new URL(${JSON.stringify(`${relativeDir || "."}/${path.basename(sourceFile)}`)}, import.meta.url)`;
  const places: Record<string, string> = {
    url: `${fileUrl}.href`,
    dirname: `decodeURIComponent(${dirUrl}.pathname).replace(/\\/$/, "")`,
    filename: `decodeURIComponent(${fileUrl}.pathname)`,
  };
  return code.replace(/\bimport\.meta\.(url|dirname|filename)\b/g, (_match, name: string) => places[name]!);
}

const keepModulePlaces: Plugin = {
  name: "keep-module-places",
  setup(bundler) {
    bundler.onLoad({ filter: /\.ts$/ }, async ({ path: file }) => ({ loader: "ts", contents: relocateImportMeta(await readFile(file, "utf8"), file, serverBundleDir) }));
  },
};

export async function bundleServer(): Promise<string[]> {
  const result = await build({
    entryPoints,
    outdir: serverBundleDir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    sourcemap: true,
    sourcesContent: false,
    metafile: true,
    logLevel: "warning",
    plugins: [keepModulePlaces],
  });
  return Object.keys(result.metafile.outputs);
}
