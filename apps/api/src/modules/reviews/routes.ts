import {
  adminReview,
  adminReviewsPage,
  adminReviewsQuery,
  moderateReviewBody,
  reviewIdParams,
} from '@reach/contract/admin-reviews';
import { errorBody } from '@reach/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentActor, requireType } from '../../plugins/auth';
import { listAdminReviews } from './lists';
import { moderateReview } from './service';

const tags = ['admin: reviews'];
const security = [{ bearer: [] }];
const read = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const write = { ...read, 409: errorBody };

/** Reviews moderation for admins (/admin/reviews): the list, and hiding or showing one with a reason. */
export async function reviewRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Checked before the request is validated, so nobody but an admin learns anything from these endpoints.
  const admin = requireType('admin');

  r.get('/reviews', {
    onRequest: admin,
    schema: {
      tags,
      security,
      summary: 'Every review, newest first by default: search, direction, rating and visibility filters',
      querystring: adminReviewsQuery,
      response: { 200: adminReviewsPage, ...read },
    },
    handler: async (request) => listAdminReviews(ctx, currentActor(request), request.query),
  });

  r.patch('/reviews/:id', {
    onRequest: admin,
    schema: {
      tags,
      security,
      summary:
        "Hide or show a review with a reason (audited; the reviewed side's rating follows, the author is told)",
      params: reviewIdParams,
      body: moderateReviewBody,
      response: { 200: adminReview, ...write },
    },
    handler: async (request) => moderateReview(ctx, currentActor(request), request.params.id, request.body),
  });
}
