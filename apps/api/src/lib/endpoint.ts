import type { Endpoint } from '@reach/contract/endpoint';
import { errorBody } from '@reach/contract/errors';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteShorthandOptions,
} from 'fastify';
import type { z } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract endpoint a route was registered from. */
    endpoint?: Endpoint;
  }
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : unknown;

/** The request of an endpoint's handler: its params, query and body as their schemas parse them. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: Parsed<E['params']>;
  Querystring: Parsed<E['query']>;
  Body: Parsed<E['body']>;
}>;

/**
 * What a handler answers: the success body its response schema accepts (the route sends it with the endpoint's
 * status), or, for an endpoint without a JSON response (a redirect, an event stream), the reply it sent itself.
 */
export type EndpointResult<E extends Endpoint> = E extends { response: z.ZodType }
  ? z.input<E['response']>
  : FastifyReply;

export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<EndpointResult<E>>;

/** Per-route wiring the definition does not carry: hooks (access guards, limits) and route config. */
export type RouteWiring = Pick<RouteShorthandOptions, 'onRequest' | 'preHandler' | 'bodyLimit'> & {
  config?: Omit<FastifyContextConfig, 'public' | 'optionalAuth' | 'endpoint'>;
};

/**
 * Registers the Fastify route of a contract endpoint: its method and path, its schemas (validated on the way
 * in, serialised and documented on the way out), its access (`public`/`optional` become route config read by
 * the auth plugin), and the handler's answer sent with the endpoint's success status.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  wiring: RouteWiring,
  handler: EndpointHandler<E>,
): void {
  const access = endpoint.auth ?? 'bearer';
  const status = endpoint.status ?? 200;
  const response: Record<number, z.ZodType> = {};
  if (endpoint.response) response[status] = endpoint.response;
  for (const code of endpoint.errors) response[code] = errorBody;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    onRequest: wiring.onRequest,
    preHandler: wiring.preHandler,
    bodyLimit: wiring.bodyLimit,
    config: {
      ...wiring.config,
      endpoint,
      ...(access === 'bearer' ? {} : { public: true }),
      ...(access === 'optional' ? { optionalAuth: true } : {}),
    },
    schema: {
      tags: [...endpoint.tags],
      summary: endpoint.summary,
      ...(endpoint.description ? { description: endpoint.description } : {}),
      ...(access === 'bearer' ? { security: [{ bearer: [] }] } : {}),
      ...(endpoint.hide ? { hide: true } : {}),
      ...(endpoint.consumes ? { consumes: [...endpoint.consumes] } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      // An endpoint with neither a JSON answer nor error statuses keeps the document's default response.
      ...(Object.keys(response).length ? { response } : {}),
    },
    handler: async (request, reply) => {
      const result = await handler(request as EndpointRequest<E>, reply);
      if (!endpoint.response || reply.sent) return reply;
      reply.code(status);
      return status === 204 ? reply.send() : result;
    },
  });
}
