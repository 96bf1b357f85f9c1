import type { adminReviewsQuery } from '@reach/contract/admin-reviews';
import { adminReviewsApi } from '@reach/contract/endpoints/reviews';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export type ReviewsQuery = Partial<z.output<typeof adminReviewsQuery>>;

/** GET /reviews — every review, searched, filtered, sorted and paged by the API. */
export function listReviews(query: ReviewsQuery, signal?: AbortSignal) {
  return call(adminReviewsApi.list, { query, signal });
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
