// Optional traces over OTLP/HTTP (docs/deploy.md, Traces). Loaded by server/start.ts before the app
// only when an OTLP endpoint is configured, so http and pg are instrumented before anything imports
// them; without one no OpenTelemetry module is loaded at all.
//
// Exported: one span per HTTP request named by the route pattern ("POST /api/leads/footer-message"),
// the SQL text of database queries made while answering a request or sending a mail (never their
// parameters), and one "smtp send" span per mail (server/mail/deliver-outbox.ts). Never exported:
// query strings, paths with their tokens (the pattern stands in), parameter values, error messages
// (they can quote a value), recipients or message content.
import diagnostics from "node:diagnostics_channel";
import { readFileSync } from "node:fs";
import { SpanKind, SpanStatusCode, trace, type Context } from "@opentelemetry/api";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { registerInstrumentations } from "@opentelemetry/instrumentation";
import { HttpInstrumentation } from "@opentelemetry/instrumentation-http";
import { PgInstrumentation } from "@opentelemetry/instrumentation-pg";
import { defaultResource, detectResources, envDetector, resourceFromAttributes } from "@opentelemetry/resources";
import {
  BatchSpanProcessor,
  NodeTracerProvider,
  type ReadableSpan,
  type Span,
  type SpanProcessor,
} from "@opentelemetry/sdk-trace-node";
import type { FastifyInstance } from "fastify";
import { installSpanRunner } from "./telemetry.ts";

/** Attributes whose value is a URL or a path: kept without their query string. */
const urlAttributes = ["url.full", "url.path", "http.url", "http.target", "url.original"];
/** Never exported. */
const droppedAttributes = ["url.query"];
/** Error details quote values (pg: `invalid input syntax for type uuid: "…"`): only their type is kept. */
const droppedEventAttributes = ["exception.message", "exception.stacktrace"];

/** Removes what must never leave the process from a finished span, in place. */
export function scrubSpan(span: ReadableSpan): void {
  const attributes = span.attributes as Record<string, unknown>;
  for (const key of droppedAttributes) delete attributes[key];
  for (const key of urlAttributes) {
    const value = attributes[key];
    if (typeof value === "string" && value.includes("?")) attributes[key] = value.slice(0, value.indexOf("?"));
  }
  for (const event of span.events) {
    const eventAttributes = (event.attributes ?? {}) as Record<string, unknown>;
    for (const key of droppedEventAttributes) delete eventAttributes[key];
  }
  if (span.status.message) delete (span.status as { message?: string }).message;
}

/** Scrubs each span as it ends, before the batch processor queues it for export. */
class ScrubbingSpanProcessor implements SpanProcessor {
  constructor(private readonly next: SpanProcessor) {}
  onStart(span: Span, parentContext: Context): void {
    this.next.onStart(span, parentContext);
  }
  onEnd(span: ReadableSpan): void {
    scrubSpan(span);
    this.next.onEnd(span);
  }
  forceFlush(): Promise<void> {
    return this.next.forceFlush();
  }
  shutdown(): Promise<void> {
    return this.next.shutdown();
  }
}

// The OTLP/HTTP exporter of this release sends JSON; protobuf and gRPC need other exporter packages.
const protocol = (process.env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? process.env.OTEL_EXPORTER_OTLP_PROTOCOL)?.trim();
if (protocol && protocol !== "http/json") {
  console.warn(
    `OTEL_EXPORTER_OTLP_PROTOCOL=${protocol}: traces are sent as http/json (OTLP over HTTP, which collectors accept on their HTTP port, 4318); http/protobuf and grpc are not supported.`,
  );
}

const version = (JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string })
  .version;

const provider = new NodeTracerProvider({
  // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES (envDetector) override the defaults.
  resource: defaultResource()
    .merge(resourceFromAttributes({ "service.name": "lender-site", "service.version": version }))
    .merge(detectResources({ detectors: [envDetector] })),
  // The sampler comes from OTEL_TRACES_SAMPLER / OTEL_TRACES_SAMPLER_ARG (default: parent-based, always on).
  spanProcessors: [new ScrubbingSpanProcessor(new BatchSpanProcessor(new OTLPTraceExporter()))],
});
provider.register();

// "smtp send" (server/mail/deliver-outbox.ts); a failure only by its type (its message can quote the address).
installSpanRunner((name, attributes, run) =>
  trace.getTracer("lender-site").startActiveSpan(name, { kind: SpanKind.CLIENT, attributes }, async (span) => {
    try {
      return await run();
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR });
      span.setAttribute("error.type", (error as { code?: string }).code ?? (error as Error).name ?? "Error");
      throw error;
    } finally {
      span.end();
    }
  }),
);

registerInstrumentations({
  tracerProvider: provider,
  instrumentations: [
    new HttpInstrumentation({
      // No headers are recorded; the query string is dropped by scrubSpan (this only masks a few known names).
      redactedQueryParams: [],
      redactedQueryParamsServer: [],
    }),
    new PgInstrumentation({
      // SQL text with its $n placeholders, never the values.
      enhancedDatabaseReporting: false,
      // Queries of a request or a mail, not the outbox worker's idle polling every few seconds.
      requireParentSpan: true,
    }),
  ],
});

// The route pattern names each request's span and stands in for its path (a reset link mailed
// before its token moved to the fragment carries the token in the path, plugins/auth.ts): a hook on
// every Fastify instance as it is created (server/app.ts unchanged).
// Requests Fastify does not route (404s, prerendered pages) keep the method as their name.
diagnostics.subscribe("fastify.initialization", (message) => {
  const { fastify } = message as { fastify: FastifyInstance };
  fastify.addHook("onRequest", (request, _reply, done) => {
    const pattern = request.routeOptions.url;
    const span = trace.getActiveSpan();
    if (pattern && span) {
      span.updateName(`${request.method} ${pattern}`);
      span.setAttributes({ "http.route": pattern, "url.path": pattern });
    }
    done();
  });
  // main.ts closes the app on SIGTERM before it exits: the spans so far are sent first.
  fastify.addHook("onClose", async () => {
    await provider.forceFlush().catch(() => undefined);
  });
});

// Any other end of the process (a script, an idle exit) still sends what is queued.
process.once("beforeExit", () => void provider.shutdown().catch(() => undefined));
