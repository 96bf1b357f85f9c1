import http from 'node:http';
import { ATTRIBUTION_MESSAGE } from '@reach/contract/attribution';
import type { FastifyServerFactoryHandler } from 'fastify';
import type { AppContext } from '../../context';
import { type ClickSink, type LinkCache, visitLink } from './links';

/**
 * The tracked-link redirect's answers, written the same by the Fastify route (redirect-routes.ts) and by the raw
 * handler below: never cached (each visit is a click with its own id); an unknown or inactive link is a
 * plain-text 404.
 */
export const REDIRECT_HEADERS = { 'cache-control': 'no-store' } as const;
export const NOT_FOUND_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'content-type': 'text/plain; charset=utf-8',
} as const;
export const NOT_FOUND_BODY = ATTRIBUTION_MESSAGE.linkNotFound;
const NOT_FOUND_LENGTH = String(Buffer.byteLength(NOT_FOUND_BODY));

/** Answers a request before Fastify sees it (true), or leaves it to Fastify (false). */
type RawHandler = (request: http.IncomingMessage, response: http.ServerResponse) => boolean;

const rawHandlers = new WeakMap<http.Server, (handler: RawHandler) => void>();

/**
 * Fastify's `serverFactory`: the HTTP server Fastify would make (its timeouts and keep-alive set as Fastify sets
 * them on its own server), whose requests go first to a raw handler set by `answerBeforeFastify` — the tracked
 * link's redirect — and to Fastify when it does not answer them.
 */
export function linkVisitServer(
  handler: FastifyServerFactoryHandler,
  options: Record<string, unknown>,
): http.Server {
  let first: RawHandler | undefined;
  const server = http.createServer((options.http ?? {}) as http.ServerOptions, (request, response) => {
    if (first?.(request, response)) return;
    handler(request, response);
  });
  const number = (name: string) =>
    typeof options[name] === 'number' ? (options[name] as number) : undefined;
  server.keepAliveTimeout = number('keepAliveTimeout') ?? 72_000;
  server.requestTimeout = number('requestTimeout') ?? 0;
  server.setTimeout(number('connectionTimeout') ?? 0);
  const perSocket = number('maxRequestsPerSocket');
  if (perSocket && perSocket > 0) server.maxRequestsPerSocket = perSocket;
  rawHandlers.set(server, (given) => {
    first = given;
  });
  return server;
}

/** Sets the raw handler of a server made by linkVisitServer; false when `server` is another (then Fastify answers all). */
export function answerBeforeFastify(server: http.Server, handler: RawHandler): boolean {
  const set = rawHandlers.get(server);
  set?.(handler);
  return set !== undefined;
}

/** The codes the raw handler reads as they come: nothing Fastify's router would decode, cut or refuse. */
const PLAIN_CODE = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * GET and HEAD /r/{code} for a link the cache holds: the same answer as the Fastify route (visitLink, the
 * headers above), without Fastify's request and reply, hooks and promises — the app's AsyncLocalStorage makes
 * every promise cost a hook. Everything else goes to Fastify: a code not held (or still being read), a URL with
 * a query string or an escape, any other method, a proxied request when the app trusts proxies (Fastify knows
 * the client's address then), and every request once the app is closing (Fastify answers 503 and the writer
 * drains after the last request).
 */
export function rawLinkVisits(
  ctx: Pick<AppContext, 'now'>,
  links: LinkCache,
  clicks: ClickSink,
  options: { trustProxy: boolean },
): { handle: RawHandler; close(): void } {
  let open = true;
  // The headers as a list (name, value, …): written in this order, as from an object, without copying one.
  const redirect = (response: http.ServerResponse, url: string) => {
    response.writeHead(302, [
      'cache-control',
      REDIRECT_HEADERS['cache-control'],
      'content-length',
      '0',
      'location',
      url,
    ]);
    response.end();
  };
  return {
    handle(request, response) {
      if (!open) return false;
      const method = request.method;
      if (method !== 'GET' && method !== 'HEAD') return false;
      const url = request.url as string;
      if (url.charCodeAt(0) !== 47 || url.charCodeAt(1) !== 114 || url.charCodeAt(2) !== 47) return false;
      const code = url.slice(3);
      if (!PLAIN_CODE.test(code)) return false;
      if (options.trustProxy && request.headers['x-forwarded-for'] !== undefined) return false;
      const at = ctx.now();
      const link = links.peek(code, at.getTime());
      if (link === undefined) return false;
      if (link === null) {
        response.writeHead(404, { ...NOT_FOUND_HEADERS, 'content-length': NOT_FOUND_LENGTH });
        response.end(NOT_FOUND_BODY);
        return true;
      }
      const { url: target, full } = visitLink(clicks, link, at, {
        // As Fastify's request.ip without trusted proxies.
        ip: request.socket.remoteAddress as string,
        userAgent: request.headers['user-agent'],
        referer: request.headers.referer,
        record: method === 'GET',
      });
      if (full) void full.then(() => redirect(response, target));
      else redirect(response, target);
      return true;
    },
    close() {
      open = false;
    },
  };
}
