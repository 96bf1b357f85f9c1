import type { adminInterestsQuery } from '@reach/contract/admin-reference';
import { adminInterestsApi } from '@reach/contract/endpoints/reference';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export type InterestsQuery = Partial<z.output<typeof adminInterestsQuery>>;

/** GET /admin/keywords — the interest taxonomy with usage counts. */
export function listInterests(query: InterestsQuery, signal?: AbortSignal) {
  return call(adminInterestsApi.list, { query, signal });
}

export function interestsQueryOptions(query: InterestsQuery) {
  return queryOptions({
    queryKey: adminKeys.interests(query),
    queryFn: ({ signal }) => listInterests(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAdminInterests(query: InterestsQuery) {
  return useQuery(interestsQueryOptions(query));
}
