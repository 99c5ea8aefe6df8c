// The server's entry (npm start, npm run serve, the Dockerfile): with an OTLP endpoint configured it
// loads server/tracing.ts first, so http and pg are instrumented before the app imports them, then
// server/main.ts. Without one no OpenTelemetry module is loaded. server/main.ts still runs alone.
import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * Traces are on with an OTLP endpoint (OTEL_EXPORTER_OTLP_ENDPOINT or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT), unless OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none.
 */
export function tracingWanted(env: Record<string, string | undefined>): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === "true") return false;
  if (env.OTEL_TRACES_EXPORTER?.split(",").some((name) => name.trim().toLowerCase() === "none")) return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim());
}

// Imported (by a test) for tracingWanted, this module starts nothing.
// (Compared as real paths: the loader resolves symlinks in import.meta.url, argv keeps them.)
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (tracingWanted(process.env)) await import("./tracing.ts");
  await import("./main.ts");
}
