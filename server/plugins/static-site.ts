import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { canonicalPublicPath, notFoundPath, prerenderedPaths, publicPage } from "#domain/site/public-routes.ts";
import { isSpaPath } from "#domain/site/spa-routes.ts";

type Page = { raw: Buffer; br: Buffer; gzip: Buffer; etag: string };

function pageFromHtml(html: string): Page {
  const raw = Buffer.from(html);
  return {
    raw,
    br: brotliCompressSync(raw),
    gzip: gzipSync(raw, { level: 9 }),
    etag: `"${createHash("sha1").update(raw).digest("base64url")}"`,
  };
}

async function loadPage(file: string, headTags: string): Promise<Page> {
  return pageFromHtml((await readFile(file, "utf8")).replace("</head>", `${headTags}</head>`));
}

function sendPage(request: FastifyRequest, reply: FastifyReply, page: Page, status = 200, sensitive = false) {
  reply.headers(request.server.pageSecurityHeaders).status(status).type("text/html; charset=utf-8").header("vary", "accept-encoding");
  // Pages change with each deploy (revalidate); pages collecting sensitive data are never stored.
  reply.header("cache-control", sensitive ? "no-store" : "no-cache").header("etag", page.etag);
  if (status === 200 && request.headers["if-none-match"] === page.etag) return reply.status(304).send();
  const accepts = String(request.headers["accept-encoding"] ?? "");
  if (/\bbr\b/.test(accepts)) return reply.header("content-encoding", "br").send(page.br);
  if (/\bgzip\b/.test(accepts)) return reply.header("content-encoding", "gzip").send(page.gzip);
  return reply.send(page.raw);
}

/**
 * Serves the React Router build: prerendered pages from memory, hashed assets from disk
 * (pre-compressed, immutable), the SPA shell for signed-in areas, and real 404s elsewhere.
 */
export default fp(
  async function staticSitePlugin(
    app: FastifyInstance,
    options: {
      dir: string;
      /** Extra tags for every page's <head> (runtime settings the browser reads). */
      headTags?: string;
      /** Pages whose existence the database decides: a title to serve the SPA shell with, or null for a 404. */
      dynamicPages?: { prefix: string; title: (rest: string) => Promise<string | null> }[];
    },
  ) {
    const headTags = options.headTags ?? "";
    const pageFile = (route: string) => path.join(options.dir, route === "/" ? "" : route, "index.html");
    const pages = new Map<string, Page>();
    for (const route of prerenderedPaths) pages.set(route, await loadPage(pageFile(route), headTags));
    const spaShellHtml = (await readFile(path.join(options.dir, "__spa-fallback.html"), "utf8")).replace("</head>", `${headTags}</head>`);
    const spaShell = pageFromHtml(spaShellHtml);
    const notFoundPage = pages.get(notFoundPath)!;

    for (const [route, page] of pages) {
      if (route === notFoundPath) continue;
      const sensitive = publicPage(route)?.sensitive ?? false;
      // helmet: false: the page sets the same precomputed headers itself, off the per-request path.
      app.get(route, { schema: { hide: true }, helmet: false, config: { rateLimit: false } }, (request, reply) => sendPage(request, reply, page, 200, sensitive));
    }

    await app.register(fastifyStatic, {
      root: options.dir,
      prefix: "/",
      index: false,
      redirect: false,
      wildcard: false,
      preCompressed: true,
      cacheControl: false,
      allowedPath: (pathName) => !pathName.endsWith(".html"),
      setHeaders: (response, filePath) => {
        response.setHeader(
          "cache-control",
          filePath.includes(`${path.sep}assets${path.sep}`) ? "public, max-age=31536000, immutable" : "public, max-age=3600",
        );
      },
    });

    app.setNotFoundHandler(async (request, reply) => {
      const { pathname, search } = new URL(request.url, "http://localhost");
      if (pathname.startsWith("/api/") || path.extname(pathname) !== "") {
        return reply.status(404).send({ code: "NOT_FOUND", message: "Not found." });
      }
      const canonical = canonicalPublicPath(pathname);
      if (canonical && (request.method === "GET" || request.method === "HEAD")) {
        return reply.redirect(`${canonical}${search}`, 301);
      }
      if (isSpaPath(pathname)) return sendPage(request, reply, spaShell);
      const dynamic = options.dynamicPages?.find((page) => pathname.startsWith(page.prefix));
      if (dynamic) {
        const title = await dynamic.title(decodeURIComponent(pathname.slice(dynamic.prefix.length)));
        if (title) return sendPage(request, reply, pageFromHtml(spaShellHtml.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)));
      }
      return sendPage(request, reply, notFoundPage, 404);
    });
  },
  { name: "static-site" },
);

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[ch]!);
}
