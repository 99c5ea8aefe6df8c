import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { notFoundPath, prerenderedPaths, publicPage } from "#domain/site/public-routes.ts";
import { answerPage, preparePage, type PreparedPage } from "./prerendered-page.ts";

export type PrerenderedSite = {
  /** Prerendered pages by path (the 404 page excluded). */
  pages: Map<string, PreparedPage>;
  notFound: PreparedPage;
  spaShell: PreparedPage;
  /** The SPA shell with another title, for pages whose existence the database decides. */
  spaShellTitled(title: string): PreparedPage;
};

/** Loads the prerendered HTML of the build once, with every answer to it prepared. */
export async function loadPrerenderedSite(options: { dir: string; headTags: string; securityHeaders: Record<string, string> }): Promise<PrerenderedSite> {
  const html = async (file: string) => (await readFile(path.join(options.dir, file), "utf8")).replace("</head>", `${options.headTags}</head>`);
  // Pages change with each deploy (revalidate); pages collecting sensitive data are never stored.
  const prepare = (page: string, cacheControl = "no-cache", status = 200) => preparePage(page, { status, cacheControl, securityHeaders: options.securityHeaders });
  const pages = new Map<string, PreparedPage>();
  for (const route of prerenderedPaths) {
    if (route === notFoundPath) continue;
    pages.set(route, prepare(await html(path.join(route, "index.html")), publicPage(route)?.sensitive ? "no-store" : "no-cache"));
  }
  const spaShellHtml = await html("__spa-fallback.html");
  const titled = new Map<string, PreparedPage>();
  return {
    pages,
    notFound: prepare(await html(path.join(notFoundPath, "index.html")), "no-cache", 404),
    spaShell: prepare(spaShellHtml),
    spaShellTitled(title) {
      if (!titled.has(title)) {
        if (titled.size >= 100) titled.clear();
        titled.set(title, prepare(spaShellHtml.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)));
      }
      return titled.get(title)!;
    },
  };
}

/**
 * An HTTP server that answers GET and HEAD for prerendered pages itself and hands every other
 * request to Fastify: the busiest answers skip routing, hooks and the per-request logger, with the
 * same headers, prepared once (ADR 0012). Fastify serves the pages too, for inject() and fallbacks.
 */
export function servePagesFirst(pages: Map<string, PreparedPage>) {
  return (fastify: (request: IncomingMessage, response: ServerResponse) => void) =>
    createServer((request, response) => {
      if (request.method === "GET" || request.method === "HEAD") {
        const query = request.url!.indexOf("?");
        const page = pages.get(query === -1 ? request.url! : request.url!.slice(0, query));
        if (page) return writePage(request, response, page);
      }
      fastify(request, response);
    });
}

function writePage(request: IncomingMessage, response: ServerResponse, page: PreparedPage) {
  const answer = answerPage(page, request.headers);
  response.writeHead(answer.status, answer.headers);
  response.end(request.method === "HEAD" ? undefined : answer.body);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[ch]!);
}
