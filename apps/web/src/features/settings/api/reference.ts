import { referenceApi } from '@reach/contract/endpoints/reference';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** GET /states/search — fetched once per page load (spec §7), never refetched. */
export function statesQueryOptions() {
  return queryOptions({
    queryKey: ['reference', 'states'],
    queryFn: ({ signal }) => call(referenceApi.states, { signal, query: { limit: 500 } }),
    select: (response) => response.data,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

/** GET /countries/search — a short reference list, fetched once as well. */
export function countriesQueryOptions() {
  return queryOptions({
    queryKey: ['reference', 'countries'],
    queryFn: ({ signal }) => call(referenceApi.countries, { signal, query: { limit: 500 } }),
    select: (response) => response.data,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

/** GET /keywords/search?query= — interests matching what the person types (all of them for an empty query). */
export function useInterestSearch(query: string) {
  const trimmed = query.trim();
  return useQuery({
    queryKey: ['reference', 'interests', trimmed],
    queryFn: ({ signal }) =>
      call(referenceApi.interests, {
        signal,
        query: { query: trimmed || undefined, limit: 500 },
      }),
    select: (response) => response.data,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}
