import * as z from "zod/mini";

/** Error codes an answer may carry; each maps to one HTTP status (server/shared/errors.ts). */
export const errorStatus = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  TWO_FACTOR_REQUIRED: 403,
  REAUTHENTICATION_REQUIRED: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** A link that worked once and no longer does (expired, replaced or used). */
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

type Schema = z.ZodMiniType;

/**
 * One file field of a multipart body: how many files it takes, how large each may be, and the
 * types it accepts, by content (each with the extensions a name of that type may carry).
 */
export type FileSlot = {
  readonly maxCount: number;
  readonly maxBytes: number;
  readonly accept: Readonly<Record<string, readonly string[]>>;
  /** The refusal of a file whose content is not accepted; by default it names the file and the document types. */
  readonly refusal?: string;
  /** Said when the body has no file in this slot: the slot is required (absent: optional). */
  readonly required?: string;
};

/**
 * A multipart/form-data body: text fields first, validated by `fields` before any file is stored,
 * then files in `files`' slots (server/register-endpoint.ts reads it, the OpenAPI document follows).
 */
export type MultipartBody = {
  /** Said when the body is not multipart: `Send ${what} as multipart/form-data.` */
  readonly what: string;
  /** The text fields: the same schema as the form's. */
  readonly fields: z.ZodMiniObject;
  /** Fields sent as JSON text (a deal's `deal`): validated as the value they encode. */
  readonly jsonFields?: readonly string[];
  readonly files: Readonly<Record<string, FileSlot>>;
  /** The same request sent as JSON instead, without files (an /api/v1 create): its body's schema. */
  readonly json?: Schema;
};

/**
 * Who may call an endpoint; the server applies the guard from it before the body is read
 * (server/register-endpoint.ts), and the authorization matrix reads it.
 * `signed-in`: any role, staff without two-factor included (their own session, enrolment).
 * `vendor`: any user of a vendor company, scoped to what they own (a sales rep) or the company (a
 * dealer admin); `dealer-admin`: the company's own matters, its dealer admins only.
 * `staff`: staff and admins, with two-factor where required. `api-key`: /api/v1 only (ADR 0018).
 * `applicant`: a deal's applicant on their own page, by the session a mailed code opened
 * (docs/product-rules.md#r56-the-applicants-page); no user account.
 * `signer`: a signer of an agreement package out for signature, by the session a mailed code opened
 * (docs/product-rules.md#r57-documents-and-e-signature); their own documents only; no user account.
 */
export type Audience =
  "public" | "signed-in" | "vendor" | "dealer-admin" | "staff" | "admin" | "api-key" | "applicant" | "signer";

/**
 * One API endpoint, shared by the server (which registers the route from it, so the OpenAPI
 * document follows) and the browser (which calls it through `call()` in app/lib/call.ts).
 * ADR 0015.
 */
export type Endpoint = {
  readonly method: HttpMethod;
  /** Fastify's syntax: `/api/portal/deals/:id`. */
  readonly path: `/api/${string}`;
  readonly audience: Audience;
  /**
   * A reveal, export, download or new credential: a factor proved within the last few minutes
   * (POST /api/me/confirm-identity), checked after the input is validated.
   */
  readonly freshFactor?: true;
  readonly summary: string;
  readonly tags: readonly string[];
  readonly params?: Schema;
  readonly query?: Schema;
  /** Request headers the endpoint reads (e.g. `Idempotency-Key`), validated and documented. */
  readonly headers?: Schema;
  /** A JSON body. */
  readonly body?: Schema;
  /** The body is multipart/form-data: its text fields and file slots. */
  readonly multipart?: MultipartBody;
  /**
   * Success answers by status; none for a file download. 503 is for probes that answer a body
   * while unavailable (health): it is documented and serialised, never parsed by `call()`.
   */
  readonly responses: { readonly 200?: Schema; readonly 201?: Schema; readonly 503?: Schema };
  /** The answer is a file, not JSON (the browser follows a link to it). */
  readonly download?: true;
  /** The codes a caller should expect besides VALIDATION_FAILED, UNAUTHENTICATED and RATE_LIMITED. */
  readonly errors: readonly ErrorCode[];
};

/** Declares an endpoint, keeping its literal types. */
export function endpoint<const E extends Endpoint>(definition: E): E {
  return definition;
}

type InputOf<S> = S extends Schema ? z.input<S> : never;
type OutputOf<S> = S extends Schema ? z.output<S> : never;

export type EndpointParams<E extends Endpoint> = E["params"] extends Schema
  ? z.output<E["params"]>
  : Record<string, never>;
export type EndpointQuery<E extends Endpoint> = E["query"] extends Schema
  ? z.output<E["query"]>
  : Record<string, never>;
export type EndpointHeaders<E extends Endpoint> = E["headers"] extends Schema
  ? z.output<E["headers"]>
  : Record<string, never>;
export type EndpointBody<E extends Endpoint> = E["body"] extends Schema ? z.output<E["body"]> : unknown;

/**
 * The whole form of a multipart body as one schema, for the OpenAPI document: the text fields (a
 * JSON field as text, as a form sends it), then each slot's
 * files, binary, with their count, size and types (in words: OpenAPI 3.0 has no keyword for them).
 * Never used to read a request.
 */
export function multipartFormSchema(multipart: MultipartBody): z.ZodMiniObject {
  const files = Object.entries(multipart.files).map(([name, slot]) => {
    const types = Object.entries(slot.accept).map(
      ([type, extensions]) => `${type} (${extensions.map((extension) => `.${extension}`).join(", ")})`,
    );
    const file = z
      .file()
      .check(
        z.maxSize(slot.maxBytes),
        z.describe(`Checked by content, its name's extension agreeing: ${types.join(", ")}.`),
      );
    const files = slot.maxCount === 1 ? file : z.array(file).check(z.maxLength(slot.maxCount));
    return [name, slot.required ? files : z.optional(files)] as const;
  });
  const jsonText = (multipart.jsonFields ?? []).map(
    (name) => [name, z.string().check(z.describe(`The ${name} as JSON text (the JSON body's schema).`))] as const,
  );
  return z.extend(multipart.fields, { ...Object.fromEntries(jsonText), ...Object.fromEntries(files) });
}

/** A multipart endpoint's text fields as validated, and the names of its file slots. */
export type MultipartFields<E extends Endpoint> = E["multipart"] extends MultipartBody
  ? z.output<E["multipart"]["fields"]>
  : never;
export type MultipartSlot<E extends Endpoint> = E["multipart"] extends MultipartBody
  ? keyof E["multipart"]["files"] & string
  : never;

/** What the handler returns (before serialisation) and what the browser receives (after parsing). */
export type EndpointReply<E extends Endpoint> = InputOf<E["responses"][200]> | InputOf<E["responses"][201]>;
export type EndpointResponse<E extends Endpoint> = OutputOf<E["responses"][200]> | OutputOf<E["responses"][201]>;

/** What the browser passes to `call()`: only the parts the endpoint has. */
export type EndpointInput<E extends Endpoint> = (E["params"] extends Schema
  ? { params: z.input<E["params"]> }
  : { params?: never }) &
  (E["query"] extends Schema ? { query?: z.input<E["query"]> } : { query?: never }) &
  (E["body"] extends Schema
    ? { body: z.input<E["body"]> }
    : E["multipart"] extends MultipartBody
      ? { body: FormData }
      : { body?: never });

/** The endpoint's path with its parameters filled in (each encoded). */
export function endpointUrl(
  path: string,
  params: Record<string, unknown> = {},
  query: Record<string, unknown> = {},
): string {
  const filled = path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}
