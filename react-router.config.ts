import type { Config } from "@react-router/dev/config";
import { prerenderedPaths } from "./domain/site/public-routes.ts";

export default {
  appDirectory: "app",
  ssr: false,
  prerender: [...prerenderedPaths],
} satisfies Config;
