import type { Config } from "@react-router/dev/config";
import { partnerApplyTemplatePath, partnerTemplatePath } from "./domain/site/partner-page.ts";
import { prerenderedPaths } from "./domain/site/public-routes.ts";

export default {
  appDirectory: "app",
  ssr: false,
  prerender: [...prerenderedPaths, partnerTemplatePath, partnerApplyTemplatePath],
  // Layout routes guard the portal and back office once, before their loaders (app/lib/session.ts).
  future: { v8_middleware: true },
} satisfies Config;
