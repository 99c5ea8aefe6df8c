import { createHash } from "node:crypto";
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from "node:http";
import { brotliCompressSync, gzipSync } from "node:zlib";

type Variant = { headers: OutgoingHttpHeaders; body: Buffer };

/**
 * A page held in memory with every answer to it prepared once: plain, br, gzip and 304. Each
 * compressed body is made at its first request, not at start: brotli at its best quality for every
 * page took 0.9 of a start's 3.4 s.
 */
export type PreparedPage = {
  status: number;
  etag: string;
  plain: Variant;
  br: Variant;
  gzip: Variant;
  notModified: OutgoingHttpHeaders;
};

export type PageAnswer = { status: number; headers: OutgoingHttpHeaders; body?: Buffer };

export function preparePage(
  html: string,
  options: { status?: number; securityHeaders: Record<string, string>; cacheControl: string },
): PreparedPage {
  const raw = Buffer.from(html);
  const etag = `"${createHash("sha1").update(raw).digest("base64url")}"`;
  const common = { ...options.securityHeaders, "cache-control": options.cacheControl, vary: "accept-encoding", etag };
  const variant = (body: Buffer, encoding?: string): Variant => ({
    body,
    headers: {
      ...common,
      "content-type": "text/html; charset=utf-8",
      "content-length": body.length,
      ...(encoding ? { "content-encoding": encoding } : {}),
    },
  });
  let br: Variant | undefined;
  let gzip: Variant | undefined;
  return {
    status: options.status ?? 200,
    etag,
    plain: variant(raw),
    get br() {
      return (br ??= variant(brotliCompressSync(raw), "br"));
    },
    get gzip() {
      return (gzip ??= variant(gzipSync(raw, { level: 9 }), "gzip"));
    },
    notModified: common,
  };
}

/**
 * sha256 sources ('sha256-...') of the page's inline scripts, for its Content-Security-Policy:
 * each page allows exactly its own (ADR 0008). Data blocks (type="application/json") never run.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script(?![^>]*\b(?:src=|type="application\/json"))[^>]*>([\s\S]*?)<\/script>/g)) {
    hashes.add(`sha256-${createHash("sha256").update(match[1]!).digest("base64")}`);
  }
  return [...hashes].sort();
}

/** The answer to a request for the page: 304 when the browser's copy is current, else the best encoding it accepts. */
export function answerPage(page: PreparedPage, request: IncomingHttpHeaders): PageAnswer {
  if (page.status === 200 && request["if-none-match"] === page.etag) return { status: 304, headers: page.notModified };
  const accepts = request["accept-encoding"] ?? "";
  const variant = /\bbr\b/.test(accepts) ? page.br : /\bgzip\b/.test(accepts) ? page.gzip : page.plain;
  return { status: page.status, headers: variant.headers, body: variant.body };
}
