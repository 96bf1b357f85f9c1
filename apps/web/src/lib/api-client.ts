import {
  type Endpoint,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
  endpointPath,
} from '@reach/contract/endpoint';
import { networkError, toApiError } from './api-error';
import { API_BASE } from './config';
import { refreshSession } from './session/refresh';
import { endSuspendedSession } from './session/suspended';
import { getAccessToken, getRefreshToken } from './session/token-store';

type QueryValue = string | number | boolean | null | undefined;

export type ApiRequest = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Appended as the query string; null and undefined values are left out. */
  query?: Record<string, QueryValue | QueryValue[]>;
  signal?: AbortSignal;
  /** Send the bearer token and renew the session when it is missing or rejected (default true). */
  auth?: boolean;
};

/**
 * Sends one request to the REACH API (`path` is relative to /api/v1) and returns the parsed JSON body. Not
 * exported: screens call contract endpoints through `call`, so every request is typed by its definition. Adds the bearer token;
 * on a 401 renews the session once (one refresh shared by all concurrent callers) and retries once.
 * Failures throw an `ApiError` carrying the API's code, message and field messages; an `account_suspended`
 * answer also ends the session (the account was suspended by an admin).
 */
async function api<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const { auth = true } = request;
  const url = buildUrl(path, request.query);

  let token = auth ? await usableAccessToken() : null;
  let response = await send(url, request, token);
  if (response.status === 401 && auth && getRefreshToken()) {
    // Another request may have renewed the session while this one was in flight: then just retry.
    const current = getAccessToken();
    const renewed = current !== null && current !== token ? true : await refreshSession().catch(() => false);
    if (renewed) {
      token = getAccessToken();
      response = await send(url, request, token);
    }
  }
  if (!response.ok) {
    const error = await toApiError(response);
    if (auth && error.code === 'account_suspended') endSuspendedSession(error.message);
    throw error;
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

type Part<E, K extends string, T> = E extends { [key in K]: unknown }
  ? Partial<T> extends T
    ? { [key in K]?: T }
    : { [key in K]: T }
  : { [key in K]?: never };

/** What a call to an endpoint sends: its path parameters, query and body as the contract types them. */
export type CallInput<E extends Endpoint> = Part<E, 'params', EndpointParams<E>> &
  Part<E, 'query', EndpointQuery<E>> &
  Part<E, 'body', EndpointBody<E>> & {
    signal?: AbortSignal;
    /** Send the bearer token (default: unless the endpoint is public). */
    auth?: boolean;
  };

type CallArgs<E extends Endpoint> =
  Partial<CallInput<E>> extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

/**
 * What `call` sends a request by: an endpoint's method, path and who may call it. A caller that must not load the
 * endpoint's definition (its module evaluates the contract's zod schemas) passes these for the endpoint's type,
 * imported as a type only: `call<typeof api.x>({ method, path, auth }, …)`. The literal types of the definition
 * make a changed method, path or access in the contract fail the typecheck there too.
 */
export type EndpointRoute<E extends Endpoint> = {
  readonly method: E['method'];
  readonly path: E['path'];
} & (E extends {
  auth: infer A;
}
  ? { readonly auth: A }
  : { readonly auth?: never });

/**
 * Calls a contract endpoint: fills its path, sends its query and body, and answers its typed response (see
 * `api` for sessions and errors). A changed path, parameter or field in the contract fails the typecheck here.
 */
export function call<E extends Endpoint>(
  endpoint: E | EndpointRoute<E>,
  ...[input]: CallArgs<E>
): Promise<EndpointResponse<E>> {
  const { params, query, body, signal, auth } = (input ?? {}) as {
    params?: Record<string, string | number>;
    query?: ApiRequest['query'];
    body?: unknown;
    signal?: AbortSignal;
    auth?: boolean;
  };
  return api<EndpointResponse<E>>(endpointPath(endpoint, params), {
    method: endpoint.method,
    query,
    body,
    signal,
    auth: auth ?? endpoint.auth !== 'public',
  });
}

/** The access token, renewing it first when only the refresh token is left (expired, or a new tab). */
async function usableAccessToken(): Promise<string | null> {
  const token = getAccessToken();
  if (token || !getRefreshToken()) return token;
  const renewed = await refreshSession().catch(() => false);
  return renewed ? getAccessToken() : null;
}

async function send(url: string, request: ApiRequest, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  try {
    return await fetch(url, {
      method: request.method ?? 'GET',
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
    });
  } catch (cause) {
    if (request.signal?.aborted) throw cause;
    throw networkError(cause);
  }
}

function buildUrl(path: string, query: ApiRequest['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== null && item !== undefined) params.append(key, String(item));
    }
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}
