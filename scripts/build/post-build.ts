// After `react-router build`: module preloads of prerendered pages deferred past the first paint,
// pre-compressed assets, and the gzip size of each route's initial JavaScript (written to
// build/site-meta.json and printed).
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { deferModulePreloads } from "./defer-module-preloads.ts";
import { routeInitialJs, type ClientManifest } from "./route-initial-js.ts";

const clientDir = path.resolve("build/client");

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

const files = await filesUnder(clientDir);

// The SPA shell has nothing to paint before its modules run: it keeps its preloads.
for (const file of files.filter((name) => name.endsWith(".html") && path.basename(name) !== "__spa-fallback.html")) {
  await writeFile(file, deferModulePreloads(await readFile(file, "utf8")));
}

const gzipSizes = new Map<string, number>();
for (const file of files.filter((name) => /\.(js|css|svg|json|txt|xml|map)$/.test(name))) {
  const body = await readFile(file);
  const gz = gzipSync(body, { level: 9 });
  gzipSizes.set(`/${path.relative(clientDir, file).split(path.sep).join("/")}`, gz.length);
  await writeFile(`${file}.gz`, gz);
  await writeFile(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
}

const manifestFile = files.find((name) => /[/\\]assets[/\\]manifest-[\w-]+\.js$/.test(name));
if (!manifestFile) throw new Error("React Router manifest not found in build/client/assets");
const manifestSource = await readFile(manifestFile, "utf8");
const manifest = JSON.parse(manifestSource.replace(/^window\.__reactRouterManifest=/, "").replace(/;\s*$/, "")) as ClientManifest;
const manifestUrl = `/${path.relative(clientDir, manifestFile).split(path.sep).join("/")}`;

const routes: Record<string, { path: string; initialJsGzip: number; modules: string[] }> = {};
for (const routeId of Object.keys(manifest.routes)) {
  // Pages only: a pathless layout route (the public pages', the back office's) is no URL of its own.
  const route = manifest.routes[routeId]!;
  if (routeId === "root" || (!route.path && !route.index)) continue;
  const modules = [manifestUrl, ...routeInitialJs(manifest, routeId)];
  const initialJsGzip = modules.reduce((sum, url) => sum + (gzipSizes.get(url) ?? 0), 0);
  routes[routeId] = { path: routePath(manifest, routeId), initialJsGzip, modules };
}
const cssGzip = [...gzipSizes].filter(([url]) => url.endsWith(".css")).reduce((sum, [, size]) => sum + size, 0);

await writeFile(path.resolve("build/site-meta.json"), JSON.stringify({ cssGzip, routes }, null, 2));

console.log("\nInitial JavaScript per route (gzip):");
for (const [routeId, info] of Object.entries(routes).sort((a, b) => a[1].path.localeCompare(b[1].path))) {
  console.log(`  ${info.path.padEnd(28)} ${(info.initialJsGzip / 1024).toFixed(1).padStart(6)} KB  (${routeId})`);
}
console.log(`  CSS (all, gzip)              ${(cssGzip / 1024).toFixed(1).padStart(6)} KB`);
console.log("");

function routePath(m: ClientManifest, routeId: string): string {
  const parts: string[] = [];
  for (let id: string | undefined = routeId; id; id = m.routes[id]?.parentId) {
    const route = m.routes[id]!;
    if (route.path) parts.unshift(route.path);
  }
  return `/${parts.join("/")}`.replace(/\/+/g, "/");
}
