import type { z } from 'zod';

/**
 * One HTTP endpoint of the REACH API, defined once: the API registers its Fastify route from it
 * (apps/api/src/lib/endpoint.ts) and the web client calls it through it (apps/web/src/lib/api-client.ts), so a
 * changed path, parameter or field fails the typecheck on both sides.
 *
 * `path` is relative to /api/v1 and written the Fastify way (`/campaigns/:id`); its `:name` segments are the
 * keys of `params`.
 */
export interface Endpoint {
  readonly method: HttpMethod;
  readonly path: `/${string}`;
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  /**
   * Who may call it: `bearer` (the default) needs a signed-in user; `public` needs no token; `optional` serves
   * anonymous and signed-in callers alike (a valid token identifies the caller).
   */
  readonly auth?: 'bearer' | 'public' | 'optional';
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** Request media types other than JSON (e.g. `multipart/form-data` uploads). */
  readonly consumes?: readonly string[];
  /** The success status (default 200). */
  readonly status?: SuccessStatus;
  /**
   * The success body. Left out only for endpoints that answer something other than JSON (a redirect, an
   * event stream): their handlers send the reply themselves.
   */
  readonly response?: z.ZodType;
  /** The error statuses it can answer, each with the one error body. */
  readonly errors: readonly ErrorStatus[];
  /** Left out of the OpenAPI document (browser redirects, provider callbacks). */
  readonly hide?: boolean;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type SuccessStatus = 200 | 201 | 202 | 204;
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 422 | 429 | 503;

/** Declares an endpoint, keeping its literal types (path, method, schemas) for both sides. */
export function endpoint<const E extends Endpoint>(definition: E): E {
  return definition;
}

/** The usual error sets: a read of a signed-in resource, and a write that can conflict or be refused. */
export const READ_ERRORS = [400, 401, 402, 403, 404] as const satisfies readonly ErrorStatus[];
export const WRITE_ERRORS = [...READ_ERRORS, 409, 422] as const satisfies readonly ErrorStatus[];

type Schema<E, K extends 'params' | 'query' | 'body' | 'response'> = E extends { [key in K]: infer S }
  ? S extends z.ZodType
    ? S
    : never
  : never;

/**
 * What a client sends for a schema's fields: their input types, except that a field whose input is `unknown`
 * (a coerced query or path value) takes its parsed type, so `page: 2` is checked as a number.
 */
export type ClientInput<S extends z.ZodType> = {
  [K in keyof z.input<S>]: unknown extends z.input<S>[K]
    ? K extends keyof z.output<S>
      ? z.output<S>[K]
      : z.input<S>[K]
    : z.input<S>[K];
};

/** The path parameters, query and body a client sends to an endpoint. */
export type EndpointParams<E extends Endpoint> = ClientInput<Schema<E, 'params'>>;
export type EndpointQuery<E extends Endpoint> = ClientInput<Schema<E, 'query'>>;
export type EndpointBody<E extends Endpoint> = z.input<Schema<E, 'body'>>;
/** The JSON a client receives on success. */
export type EndpointResponse<E extends Endpoint> = E extends { response: z.ZodType }
  ? z.output<E['response']>
  : never;

/** The path of an endpoint with its `:name` segments filled in, relative to /api/v1. */
export function endpointPath(
  definition: Pick<Endpoint, 'path'>,
  params?: Record<string, string | number>,
): string {
  return definition.path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${definition.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}
