// `npm run lighthouse [-- /path ...]`: Lighthouse 12 (mobile and desktop presets) on every public
// route of the built app in Debian's Chromium; prints the four scores per route.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { partnerPathPrefix } from "../../domain/site/partner-page.ts";
import { publicPages } from "../../domain/site/public-routes.ts";
import { composeServer } from "../../server/compose-server.ts";
import { loadConfig } from "../../server/config.ts";
import { openDatabase } from "../../server/db/client.ts";
import { chromiumPath, ensureChromium, headlessChromiumArgs } from "../test/ensure-chromium.ts";

if (!existsSync("build/site-meta.json")) throw new Error("Run `npm run build` first.");
ensureChromium();
// Every public page, and the partner calculator of the partner the migrations seed.
const routes = process.argv.slice(2).length
  ? process.argv.slice(2)
  : [...publicPages.map((page) => page.path), `${partnerPathPrefix}Apronto_Dental`];

const dataDir = await mkdtemp(path.join(tmpdir(), "lighthouse-data-"));
const port = 21000 + Math.floor(Math.random() * 5000);
const url = `http://localhost:${port}`;
const database = await openDatabase({ driver: "pglite" });
await database.migrate();
const { app } = await composeServer(
  loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    PORT: String(port),
    PUBLIC_URL: url,
    AUTH_SECRET: "lighthouse-secret-lighthouse-secret-x",
  }),
  {
    database,
    serveSite: true,
    onWarning: () => {},
  },
);
await app.listen({ port, host: "127.0.0.1" });

const profile = await mkdtemp(path.join(tmpdir(), "lighthouse-chrome-"));
const debuggingPort = 9300 + Math.floor(Math.random() * 500);
const chrome = spawn(
  chromiumPath,
  [`--remote-debugging-port=${debuggingPort}`, `--user-data-dir=${profile}`, ...headlessChromiumArgs, "about:blank"],
  { stdio: "ignore" },
);
await new Promise((resolve) => setTimeout(resolve, 1500));

const categories = ["performance", "accessibility", "best-practices", "seo"] as const;
console.log(`Lighthouse ${new Date().toISOString()}  (scores: performance / accessibility / best practices / SEO)`);
try {
  for (const preset of ["mobile", "desktop"] as const) {
    console.log(`\n${preset}:`);
    for (const route of routes) {
      const result = await lighthouse(
        `${url}${route}`,
        { port: debuggingPort, output: "json", logLevel: "error", onlyCategories: [...categories] },
        preset === "desktop" ? desktopConfig : undefined,
      );
      const scores = categories.map((category) => Math.round((result?.lhr.categories[category]?.score ?? 0) * 100));
      const metric = (id: string) => result?.lhr.audits[id]?.displayValue ?? "?";
      console.log(
        `  ${route.padEnd(30)} ${scores.map((score) => String(score).padStart(3)).join(" / ")}   FCP ${metric("first-contentful-paint")}, LCP ${metric("largest-contentful-paint")}, TBT ${metric("total-blocking-time")}, CLS ${metric("cumulative-layout-shift")}, SI ${metric("speed-index")}`,
      );
      if (process.env.LIGHTHOUSE_JSON)
        await writeFile(
          path.join(process.env.LIGHTHOUSE_JSON, `${preset}${route.replaceAll("/", "_")}.json`),
          JSON.stringify(result?.lhr),
        );
    }
  }
} finally {
  const exited = new Promise((resolve) => chrome.once("exit", resolve));
  chrome.kill();
  await exited;
  await app.close();
  await database.close();
  await rm(profile, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(0);
