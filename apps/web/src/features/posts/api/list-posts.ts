import { postsApi } from '@reach/contract/endpoints/posts';
import type { postsQuery } from '@reach/contract/posts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../../lib/api-client';
import { postKeys } from './post-keys';

/** The query of GET /posts; what is left out takes the API's default. */
export type PostsQuery = Partial<z.output<typeof postsQuery>>;

/** GET /posts — paged, sorted and filtered by the API (campaign, status, influencer); scoped to the caller. */
export function listPosts(query: PostsQuery, signal?: AbortSignal) {
  return call(postsApi.list, { query, signal });
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
