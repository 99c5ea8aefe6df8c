import type { Config } from "@react-router/dev/config";
import { partnerTemplatePath } from "./domain/site/partner-page.ts";
import { prerenderedPaths } from "./domain/site/public-routes.ts";

export default {
  appDirectory: "app",
  ssr: false,
  prerender: [...prerenderedPaths, partnerTemplatePath],
} satisfies Config;
