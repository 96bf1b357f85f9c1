import {
  adminReview,
  adminReviewsPage,
  adminReviewsQuery,
  moderateReviewBody,
  reviewIdParams,
} from '../admin-reviews';
import { endpoint } from '../endpoint';

const tags = ['admin: reviews'];

/** Reviews moderation for admins (/reviews): the list, and hiding or showing one with a reason. */
export const adminReviewsApi = {
  list: endpoint({
    method: 'GET',
    path: '/reviews',
    tags,
    summary: 'Every review, newest first by default: search, direction, rating and visibility filters',
    query: adminReviewsQuery,
    response: adminReviewsPage,
    errors: [400, 401, 403, 404],
  }),
  moderate: endpoint({
    method: 'PATCH',
    path: '/reviews/:id',
    tags,
    summary:
      "Hide or show a review with a reason (audited; the reviewed side's rating follows, the author is told)",
    params: reviewIdParams,
    body: moderateReviewBody,
    response: adminReview,
    errors: [400, 401, 403, 404, 409],
  }),
};
