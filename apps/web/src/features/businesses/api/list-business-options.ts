import { businessesApi } from '@reach/contract/endpoints/directory';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** GET /businesses/list — every listed business, id and name, for pickers. */
export function listBusinessOptions(signal?: AbortSignal) {
  return call(businessesApi.options, { signal });
}

export function businessOptionsQueryOptions() {
  return queryOptions({
    queryKey: ['businesses', 'options'],
    queryFn: ({ signal }) => listBusinessOptions(signal),
    staleTime: 5 * 60_000,
  });
}

export function useBusinessOptions() {
  return useQuery(businessOptionsQueryOptions());
}
