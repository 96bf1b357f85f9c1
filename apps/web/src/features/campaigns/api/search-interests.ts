import { referenceApi } from '@reach/contract/endpoints/reference';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { campaignKeys } from './campaign-keys';

/** GET /keywords/search?query= — interests whose name matches (all of them for an empty query). */
export function searchInterests(query: string, signal?: AbortSignal) {
  return call(referenceApi.interests, {
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
