import type { referenceApi } from '@reach/contract/endpoints/reference';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call, type EndpointRoute } from '../../../lib/api-client';
import { campaignKeys } from './campaign-keys';

/** By its route: the page does not load the contract's schemas (dashboard/api/get-menu-counts.ts). */
const INTERESTS: EndpointRoute<typeof referenceApi.interests> = { method: 'GET', path: '/keywords/search' };

/** GET /keywords/search?query= — interests whose name matches (all of them for an empty query). */
export function searchInterests(query: string, signal?: AbortSignal) {
  return call(INTERESTS, {
    query: { query: query || undefined, limit: 50 },
    signal,
  });
}

export function interestSearchQueryOptions(query: string) {
  const trimmed = query.trim();
  return queryOptions({
    queryKey: campaignKeys.interests(trimmed),
    queryFn: ({ signal }) => searchInterests(trimmed, signal),
    select: (response) => response.data,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useInterestSearch(query: string) {
  return useQuery(interestSearchQueryOptions(query));
}
