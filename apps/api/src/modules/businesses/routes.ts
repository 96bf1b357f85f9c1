import { businessOptions as businessOptionsSchema } from '@reach/contract/connections';
import {
  businessesPage,
  businessesQuery,
  businessIdParams,
  businessPublicProfile,
} from '@reach/contract/directory';
import { errorBody } from '@reach/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentActor, requireType } from '../../plugins/auth';
import { businessOptions, listBusinesses } from './lists';
import { getBusinessProfile } from './service';

const tags = ['businesses'];
const security = [{ bearer: [] }];
const read = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/**
 * The business directory (spec §7 GET /businesses, /businesses/list, /my/businesses) and a business's public
 * profile. Public profiles are readable by every signed-in user; /my/businesses is an influencer's own.
 */
export async function businessRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/businesses', {
    schema: {
      tags,
      security,
      summary: 'Businesses on REACH: filters (campaign, name, tag, location), sorting and paging',
      querystring: businessesQuery,
      response: { 200: businessesPage, ...read },
    },
    handler: async (request) => listBusinesses(ctx, currentActor(request), request.query),
  });

  r.get('/businesses/list', {
    schema: {
      tags,
      security,
      summary: 'Every listed business, id and name, unpaged (filters and pickers)',
      response: { 200: businessOptionsSchema, ...read },
    },
    handler: async () => ({ data: await businessOptions(ctx) }),
  });

  r.get('/my/businesses', {
    preHandler: requireType('influencer'),
    schema: {
      tags,
      security,
      summary: 'The businesses you are connected with (same query as GET /businesses)',
      querystring: businessesQuery,
      response: { 200: businessesPage, ...read },
    },
    handler: async (request) =>
      listBusinesses(ctx, currentActor(request), request.query, { connectedOnly: true }),
  });

  r.get('/business/:id', {
    schema: {
      tags,
      security,
      summary: "A business's public profile, active campaigns and reviews (and your connections with it)",
      params: businessIdParams,
      response: { 200: businessPublicProfile, ...read },
    },
    handler: async (request) => getBusinessProfile(ctx, currentActor(request), request.params.id),
  });
}
