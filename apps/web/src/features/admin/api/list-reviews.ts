import type { AdminReviewsPage, adminReviewsQuery } from '@reach/contract/admin-reviews';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export type ReviewsQuery = Partial<z.output<typeof adminReviewsQuery>>;

/** GET /reviews — every review, searched, filtered, sorted and paged by the API. */
export function listReviews(query: ReviewsQuery, signal?: AbortSignal) {
  return api<AdminReviewsPage>('/reviews', { query, signal });
}

export function reviewsQueryOptions(query: ReviewsQuery) {
  return queryOptions({
    queryKey: adminKeys.reviews(query),
    queryFn: ({ signal }) => listReviews(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useReviews(query: ReviewsQuery) {
  return useQuery(reviewsQueryOptions(query));
}
