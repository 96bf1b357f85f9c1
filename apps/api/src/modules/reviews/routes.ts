import { id } from '@reach/contract/common';
import { moderateReviewBody, review, reviewsPage, reviewsQuery } from '@reach/contract/connections';
import { errorBody } from '@reach/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser, requireType } from '../../plugins/auth';
import { actorFor } from '../campaigns/service';
import { listReviews, moderateReview } from './service';

const tags = ['reviews'];
const security = [{ bearer: [] }];
const read = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** Review moderation for admins: the list and hiding or showing one (the admin screen comes later). */
export async function reviewRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = requireType('admin');

  r.get('/reviews', {
    preHandler: admin,
    schema: {
      tags,
      security,
      summary: 'Every review (admin), newest first by default',
      querystring: reviewsQuery,
      response: { 200: reviewsPage, ...read },
    },
    handler: async (request) => listReviews(ctx, request.query),
  });

  r.patch('/reviews/:id', {
    preHandler: admin,
    schema: {
      tags,
      security,
      summary: "Hide or show a review (admin); the influencer's rating is recomputed",
      params: z.object({ id }),
      body: moderateReviewBody,
      response: { 200: review, ...read },
    },
    handler: async (request) =>
      moderateReview(ctx, await actorFor(ctx, currentUser(request)), request.params.id, request.body.status),
  });
}
