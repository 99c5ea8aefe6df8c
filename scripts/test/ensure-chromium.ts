import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

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

/** Browser tests use Debian's Chromium (Playwright's own download cannot be reached here). */
export function ensureChromium(): string {
  if (existsSync(chromiumPath)) return chromiumPath;
  const canApt = process.getuid?.() === 0 && existsSync("/usr/bin/apt-get");
  if (!canApt) {
    throw new Error(
      `Chromium is missing at ${chromiumPath}. Install it with: sudo apt-get install -y chromium (or set CHROMIUM_PATH).`,
    );
  }
  console.log("Installing Debian's chromium for the browser tests (about a minute)…");
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (!existsSync(chromiumPath)) throw new Error(`apt-get installed chromium but ${chromiumPath} is still missing.`);
  return chromiumPath;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureChromium());
