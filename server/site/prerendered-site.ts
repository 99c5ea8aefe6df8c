import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import type { PartnerBranding } from "#domain/partners/public-contracts.ts";
import {
  partnerApplyTemplatePath,
  partnerBrandingElementId,
  partnerPlaceholders,
  partnerTemplatePath,
} from "#domain/site/partner-page.ts";
import { notFoundPath, prerenderedPaths, publicPage } from "#domain/site/public-routes.ts";
import { escapeHtml } from "../shared/escape-html.ts";
import { answerPage, inlineScriptHashes, preparePage, type PreparedPage } from "./prerendered-page.ts";

export type PrerenderedSite = {
  /** Prerendered pages by path (the 404 page excluded). */
  pages: Map<string, PreparedPage>;
  notFound: PreparedPage;
  spaShell: PreparedPage;
  /** The prerendered partner calculator filled in with a partner's branding. */
  partnerPage(branding: PartnerBranding): PreparedPage;
  /** The prerendered co-branded credit application (docs/product-rules.md#r22-every-company-has-a-link), filled in the same way; never stored. */
  partnerApplyPage(branding: PartnerBranding): PreparedPage;
};

/**
 * Loads the prerendered HTML of the build once, with every answer to it prepared. Each page's
 * security headers allow exactly its own inline scripts.
 */
export async function loadPrerenderedSite(options: {
  dir: string;
  headTags: string;
  securityHeaders: (scriptHashes: string[]) => Promise<Record<string, string>>;
}): Promise<PrerenderedSite> {
  const html = async (file: string) =>
    (await readFile(path.join(options.dir, file), "utf8")).replace("</head>", () => `${options.headTags}</head>`);
  // Pages change with each deploy (revalidate); pages collecting sensitive data are never stored.
  const prepare = async (page: string, cacheControl = "no-cache", status = 200) =>
    preparePage(page, {
      status,
      cacheControl,
      securityHeaders: await options.securityHeaders(inlineScriptHashes(page)),
    });
  const pages = new Map<string, PreparedPage>();
  for (const route of prerenderedPaths) {
    if (route === notFoundPath) continue;
    pages.set(
      route,
      await prepare(await html(path.join(route, "index.html")), publicPage(route)?.sensitive ? "no-store" : "no-cache"),
    );
  }
  // Filling in a partner changes text and attributes, never the scripts: one set of headers per template.
  const filled = async (templatePath: string, cacheControl: string) => {
    const template = await html(path.join(templatePath, "index.html"));
    const headers = await options.securityHeaders(inlineScriptHashes(template));
    // Kept per branding: a partner edited in the back office gets a fresh page.
    const pages = new Map<string, PreparedPage>();
    return (branding: PartnerBranding) => {
      const key = JSON.stringify(branding);
      if (!pages.has(key)) {
        if (pages.size >= 100) pages.clear();
        pages.set(
          key,
          preparePage(fillPartnerTemplate(template, branding), { cacheControl, securityHeaders: headers }),
        );
      }
      return pages.get(key)!;
    };
  };
  return {
    pages,
    notFound: await prepare(await html(path.join(notFoundPath, "index.html")), "no-cache", 404),
    spaShell: await prepare(await html("__spa-fallback.html")),
    partnerPage: await filled(partnerTemplatePath, "no-cache"),
    // Like /ApplyNow, a page that collects sensitive data is never stored.
    partnerApplyPage: await filled(partnerApplyTemplatePath, "no-store"),
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

/**
 * Replacements are functions: a replacement string would read `$&`, `` $` ``, `$'` and `$$` in a
 * partner's name as patterns and paste parts of the template into the page.
 */
export function fillPartnerTemplate(template: string, branding: PartnerBranding): string {
  let html = template;
  for (const field of Object.keys(partnerPlaceholders) as (keyof PartnerBranding)[]) {
    const value = escapeHtml(branding[field]);
    html = html.replaceAll(partnerPlaceholders[field], () => value);
  }
  // JSON in a data block: "<" escaped so no value can close the element.
  const data = JSON.stringify(branding).replaceAll("<", "\\u003c");
  return html.replace(
    "</head>",
    () => `<script type="application/json" id="${partnerBrandingElementId}">${data}</script></head>`,
  );
}
