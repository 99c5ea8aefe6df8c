// Preloaded into a server process by tests/e2e/tracing.test.ts (NODE_OPTIONS=--import …): writes
// "[opentelemetry import] <package>" to stderr, once per package, when the process resolves an
// @opentelemetry module. Everything OpenTelemetry enters through an import from the server's own
// modules (server/start.ts, server/mail/deliver-outbox.ts), which this hook sees.
import { register } from "node:module";

const hooks = `
const seen = new Set();
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  const name = /\\/node_modules\\/(@opentelemetry\\/[^/]+)\\//.exec(result.url)?.[1];
  if (name && !seen.has(name)) {
    seen.add(name);
    process.stderr.write("[opentelemetry import] " + name + "\\n");
  }
  return result;
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
