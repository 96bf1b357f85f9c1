import { adminReviewsApi } from '@reach/contract/endpoints/reviews';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../lib/endpoint';
import { currentActor, requireType } from '../../plugins/auth';
import { listAdminReviews } from './lists';
import { moderateReview } from './service';

/** Reviews moderation for admins (/admin/reviews): the list, and hiding or showing one with a reason. */
export async function reviewRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // Checked before the request is validated, so nobody but an admin learns anything from these endpoints.
  const admin = { onRequest: requireType('admin') };

  route(app, adminReviewsApi.list, admin, async (request) =>
    listAdminReviews(ctx, currentActor(request), request.query),
  );
  route(app, adminReviewsApi.moderate, admin, async (request) =>
    moderateReview(ctx, currentActor(request), request.params.id, request.body),
  );
}
