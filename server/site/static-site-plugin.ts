import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import fp from "fastify-plugin";
import { canonicalPublicPath } from "#domain/site/public-routes.ts";
import { isSpaPath } from "#domain/site/spa-routes.ts";
import { widgetScriptPath } from "#domain/site/widget-embed.ts";
import { answerPage, type PreparedPage } from "./prerendered-page.ts";
import type { PrerenderedSite } from "./prerendered-site.ts";
import { decodedPath } from "../plugins/security.ts";

/**
 * Serves the React Router build: hashed assets from disk (pre-compressed, immutable), the SPA
 * shell for signed-in areas, partner calculators and real 404s. Prerendered pages are answered by
 * the HTTP server before Fastify (servePagesFirst); the not-found handler serves them too, for
 * inject().
 */
export default fp(
  async function staticSitePlugin(
    app: FastifyInstance,
    options: {
      dir: string;
      site: PrerenderedSite;
      /** Pages whose existence the database decides: the page for the rest of the path, or null for a 404. */
      dynamicPages?: { prefix: string; page: (rest: string) => Promise<PreparedPage | null> }[];
    },
  ) {
    const { site } = options;
    const send = (
      request: { headers: Record<string, string | string[] | undefined> },
      reply: FastifyReply,
      page: PreparedPage,
    ) => {
      const answer = answerPage(page, request.headers);
      return reply.status(answer.status).headers(answer.headers).send(answer.body);
    };

    await app.register(fastifyStatic, {
      root: options.dir,
      prefix: "/",
      index: false,
      redirect: false,
      wildcard: false,
      preCompressed: true,
      cacheControl: false,
      // Successful asset reads are not logged, as a static server keeps its access log apart.
      logLevel: "warn",
      // Pages are answered by the prerendered site; the widget's static demo page is the one exception.
      allowedPath: (pathName) => !pathName.endsWith(".html") || pathName === widgetDemoPath,
      setHeaders: (response, filePath) => {
        response.setHeader(
          "cache-control",
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? "public, max-age=31536000, immutable"
            : "public, max-age=3600",
        );
        // The dealer widget is loaded by other sites' pages (docs/product-rules.md#r21-the-payment-widget): its name is
        // fixed, so it is revalidated often.
        // (preCompressed: the file served may be widget.js.gz or .br)
        if (path.basename(filePath).replace(/\.(gz|br)$/, "") === path.basename(widgetScriptPath)) {
          response.setHeader("cache-control", "public, max-age=300");
          response.setHeader("cross-origin-resource-policy", "cross-origin");
          response.setHeader("access-control-allow-origin", "*");
        }
      },
    });

    app.setNotFoundHandler(async (request, reply) => {
      const { pathname, search } = new URL(request.url, "http://localhost");
      const readOnly = request.method === "GET" || request.method === "HEAD";
      const page = readOnly ? site.pages.get(pathname) : undefined;
      if (page) return send(request, reply, page);
      const api = decodedPath(request.url).startsWith("/api/");
      // A form sent without its script (which <Form> prevents) lands here: its body is never read.
      if (!readOnly && !api) {
        return reply
          .status(405)
          .header("allow", "GET, HEAD")
          .type("text/plain; charset=utf-8")
          .send("This address shows a page and takes no form. Go back: what you typed is still there.");
      }
      if (api || path.extname(pathname) !== "") {
        return reply.status(404).send({ code: "NOT_FOUND", message: "Not found." });
      }
      const canonical = canonicalPublicPath(pathname);
      if (canonical && readOnly) return reply.redirect(`${canonical}${search}`, 301);
      if (isSpaPath(pathname)) return send(request, reply, site.spaShell);
      const dynamic = options.dynamicPages?.find((candidate) => pathname.startsWith(candidate.prefix));
      if (dynamic) {
        const rest = safeDecode(pathname.slice(dynamic.prefix.length));
        const page = rest === null ? null : await dynamic.page(rest);
        if (page) return send(request, reply, page);
      }
      return send(request, reply, site.notFound);
    });
  },
  { name: "static-site" },
);

const widgetDemoPath = "/widget-demo.html";

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}
