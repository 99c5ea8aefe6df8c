import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { ensureChromium } from "../../scripts/ensure-chromium.ts";

export default function setup() {
  ensureChromium();
  if (!existsSync("build/site-meta.json")) execFileSync("npm", ["run", "build"], { stdio: "inherit" });
}
