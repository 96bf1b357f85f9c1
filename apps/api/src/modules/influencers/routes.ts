import { id } from '@reach/contract/common';
import { influencerPublicProfile, influencersPage, influencersQuery } from '@reach/contract/directory';
import { errorBody } from '@reach/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentActor, requireSubscription, requireType } from '../../plugins/auth';
import { listInfluencers } from './lists';
import { getInfluencerProfile } from './service';

const tags = ['influencers'];
const security = [{ bearer: [] }];
const read = { 400: errorBody, 401: errorBody, 402: errorBody, 403: errorBody, 404: errorBody };

/** The influencer directory for businesses (spec §7 GET /influencers, GET /influencer/{id}); gated (402). */
export async function influencerRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = [requireType('business', 'admin'), requireSubscription];

  r.get('/influencers', {
    preHandler,
    schema: {
      tags,
      security,
      summary: 'Influencers on REACH: filters, sorting, paging, and a radius search around a ZIP code',
      querystring: influencersQuery,
      response: { 200: influencersPage, ...read },
    },
    handler: async (request) => listInfluencers(ctx, currentActor(request), request.query),
  });

  r.get('/influencer/:id', {
    preHandler,
    schema: {
      tags,
      security,
      summary: "An influencer's public profile (profile id) with your collaborations",
      params: z.object({ id }),
      response: { 200: influencerPublicProfile, ...read },
    },
    handler: async (request) => getInfluencerProfile(ctx, currentActor(request), request.params.id),
  });
}
