import type { postsApi } from '@reach/contract/endpoints/posts';
import type { postsQuery } from '@reach/contract/posts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call, type EndpointRoute } from '../../../lib/api-client';
import { postKeys } from './post-keys';

/** By its route: the page does not load the contract's schemas (features/dashboard/api/get-menu-counts.ts). */
const LIST: EndpointRoute<typeof postsApi.list> = { method: 'GET', path: '/posts' };

/** The query of GET /posts; what is left out takes the API's default. */
export type PostsQuery = Partial<z.output<typeof postsQuery>>;

/** GET /posts — paged, sorted and filtered by the API (campaign, status, influencer); scoped to the caller. */
export function listPosts(query: PostsQuery, signal?: AbortSignal) {
  return call(LIST, { query, signal });
}

export function postsQueryOptions(query: PostsQuery) {
  return queryOptions({
    queryKey: postKeys.list(query),
    queryFn: ({ signal }) => listPosts(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePosts(query: PostsQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...postsQueryOptions(query), enabled: options.enabled ?? true });
}
