import type { FastifyInstance } from "fastify";
import { AppError } from "./shared/errors.ts";

/** The deepest nesting of objects and arrays a JSON body may have; every contract needs a handful of levels. */
export const maxJsonDepth = 32;

export const tooDeepMessage = `JSON may nest objects and arrays at most ${maxJsonDepth} levels deep.`;

/**
 * Whether JSON text nests objects and arrays deeper than `max`, read in one pass over the text
 * (strings skipped), without parsing and without recursion: whatever the depth, it costs one scan.
 */
export function exceedsJsonDepth(text: string, max = maxJsonDepth): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c)
        index += 1; // a backslash escapes the next character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) {
      depth += 1;
      if (depth > max) return true;
    } else if (char === 0x7d || char === 0x5d) depth -= 1;
  }
  return false;
}

/**
 * Every JSON body of the app is refused with a 400 when it nests deeper than `maxJsonDepth`,
 * before it is parsed: code that walks a body (the NUL check, schemas) never meets a value deep
 * enough to exhaust the stack. Otherwise Fastify's own parser (prototype poisoning refused) parses it.
 */
export function limitJsonDepth(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (exceedsJsonDepth(body as string)) return done(new AppError("VALIDATION_FAILED", tooDeepMessage), undefined);
    void parse(request, body as string, done);
  });
}

/** A JSON text field of a multipart body (a deal's fields): its value, or null when it is not JSON or nests too deep. */
export function parseJsonField(text: string | undefined): unknown {
  if (text === undefined || exceedsJsonDepth(text)) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
