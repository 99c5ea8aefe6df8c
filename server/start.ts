// The server's entry (npm start, npm run serve, the Dockerfile, each run from its bundle
// build/server/start.mjs): with an OTLP endpoint configured it loads server/tracing.ts first, so
// http and pg are instrumented before the app imports them, then server/main.ts. Without one no
// OpenTelemetry module is loaded. server/main.ts still runs alone.
import { tracingWanted } from "./tracing-wanted.ts";

if (tracingWanted(process.env)) await import("./tracing.ts");
await import("./main.ts");
