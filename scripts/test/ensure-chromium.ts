import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

/** The full browser: Lighthouse measures what a visitor's Chromium does. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * The browser suites' Chromium: Debian's headless shell (the same Blink and V8 without the
 * browser's UI layer), which ran two suites in 16 % less wall time and 17 % less CPU than the full
 * browser (docs/quality.md); the full browser where the shell is not installed.
 */
export const testChromiumPath =
  process.env.CHROMIUM_PATH ??
  (existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : chromiumPath);

/** Headless, no GPU or sandbox, and none of the background traffic a first run makes: the browser suites' and Lighthouse's. */
export const headlessChromiumArgs = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Browser tests use Debian's Chromium and its headless shell (Playwright's own download cannot be reached here). */
export function ensureChromium(): string {
  if (process.env.CHROMIUM_PATH) {
    if (!existsSync(chromiumPath)) throw new Error(`Chromium is missing at ${chromiumPath} (CHROMIUM_PATH).`);
    return chromiumPath;
  }
  const missing = ["chromium", "chromium-headless-shell"].filter((name) => !existsSync(`/usr/bin/${name}`));
  if (missing.length === 0) return chromiumPath;
  const canApt = process.getuid?.() === 0 && existsSync("/usr/bin/apt-get");
  if (!canApt) {
    if (existsSync(chromiumPath)) return chromiumPath;
    throw new Error(
      `Chromium is missing at ${chromiumPath}. Install it with: sudo apt-get install -y chromium chromium-headless-shell (or set CHROMIUM_PATH).`,
    );
  }
  console.log(`Installing Debian's ${missing.join(" and ")} for the browser tests (about a minute)…`);
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  execFileSync("apt-get", ["install", "-y", "-qq", ...missing], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (!existsSync(chromiumPath)) throw new Error(`apt-get installed chromium but ${chromiumPath} is still missing.`);
  return chromiumPath;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureChromium());
