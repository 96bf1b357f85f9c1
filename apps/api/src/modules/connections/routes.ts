import {
  applyBody,
  businessOptions,
  CONNECTION_ACTIONS,
  connection,
  connectionCards as connectionCardsSchema,
  connectionDetail,
  connectionIdParams,
  connectionListQuery,
  connectionsPage,
  connectionsQuery,
  inviteBody,
  review,
  reviewBody,
} from '@reach/contract/connections';
import { errorBody } from '@reach/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentActor, requireSubscription, requireType } from '../../plugins/auth';
import { createReview } from '../reviews/service';
import { connectedBusinessOptions, connectionCards, listConnections } from './lists';
import { applyToCampaign, getConnectionDetail, inviteInfluencer, transitionConnection } from './service';

const tags = ['connections'];
const security = [{ bearer: [] }];
const read = { 400: errorBody, 401: errorBody, 402: errorBody, 403: errorBody, 404: errorBody };
const write = { ...read, 409: errorBody };

/**
 * Connections (spec §7 /my/connections*; actions in the same style): businesses need a subscription or trial
 * (402). Each side sees only its own connections; everything else is a 404.
 */
export async function connectionRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const subscribed = requireSubscription;
  const sides = [requireType('business', 'influencer'), subscribed];

  r.get('/my/connections', {
    preHandler: sides,
    schema: {
      tags,
      security,
      summary: 'Your connections, paged (default sort: the other side’s name), with counts per status',
      querystring: connectionsQuery,
      response: { 200: connectionsPage, ...read },
    },
    handler: async (request) => listConnections(ctx, currentActor(request), request.query),
  });

  r.get('/my/connections/list', {
    preHandler: sides,
    schema: {
      tags,
      security,
      summary: 'Connection cards, one per influencer or business; latest=true for the sidebar',
      querystring: connectionListQuery,
      response: { 200: connectionCardsSchema, ...read },
    },
    handler: async (request) => ({
      data: await connectionCards(ctx, currentActor(request), request.query.latest ?? false),
    }),
  });

  r.get('/my/connections/businesses', {
    preHandler: requireType('influencer'),
    schema: {
      tags,
      security,
      summary: 'The businesses you have connections with (filters)',
      response: { 200: businessOptions, ...read },
    },
    handler: async (request) => ({ data: await connectedBusinessOptions(ctx, currentActor(request)) }),
  });

  r.get('/connection/:id', {
    preHandler: [subscribed],
    schema: {
      tags,
      security,
      summary: 'A connection with its history and reviews (404 when not yours)',
      params: connectionIdParams,
      response: { 200: connectionDetail, ...read },
    },
    handler: async (request) => getConnectionDetail(ctx, currentActor(request), request.params.id),
  });

  r.post('/connections/invite', {
    preHandler: [requireType('business'), subscribed],
    schema: {
      tags,
      security,
      summary: 'Invite an influencer to one of your active campaigns (duplicates → 409)',
      body: inviteBody,
      response: { 201: connection, ...write },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await inviteInfluencer(ctx, currentActor(request), request.body)),
  });

  r.post('/connections/apply', {
    preHandler: requireType('influencer'),
    schema: {
      tags,
      security,
      summary: 'Apply to an active campaign (duplicates → 409)',
      body: applyBody,
      response: { 201: connection, ...write },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await applyToCampaign(ctx, currentActor(request), request.body)),
  });

  for (const action of CONNECTION_ACTIONS) {
    r.post(`/connection/:id/${action}`, {
      preHandler: sides,
      schema: {
        tags,
        security,
        summary: `${action[0]!.toUpperCase()}${action.slice(1)} the connection (illegal transitions → 409, the other side's step → 403)`,
        params: connectionIdParams,
        response: { 200: connection, ...write },
      },
      handler: async (request) => transitionConnection(ctx, currentActor(request), request.params.id, action),
    });
  }

  r.post('/connection/:id/review', {
    preHandler: sides,
    schema: {
      tags,
      security,
      summary: 'Review the other side of a completed connection (1–5 stars and a text, once)',
      params: connectionIdParams,
      body: reviewBody,
      response: { 201: review, ...write },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await createReview(ctx, currentActor(request), request.params.id, request.body)),
  });
}
