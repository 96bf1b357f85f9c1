import type { BusinessesPage } from '@reach/contract/directory';
import type { EndpointQuery } from '@reach/contract/endpoint';
import { businessesApi } from '@reach/contract/endpoints/directory';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export type BusinessesQuery = Partial<EndpointQuery<typeof businessesApi.list>>;

/**
 * GET /businesses (or GET /my/businesses for the connected ones). Spec §7: a failure gives an empty list, so
 * the page shows its empty state rather than an error.
 */
export async function listBusinesses(
  query: BusinessesQuery,
  connectedOnly: boolean,
  signal?: AbortSignal,
): Promise<BusinessesPage> {
  try {
    return await call(connectedOnly ? businessesApi.connected : businessesApi.list, { query, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    return { data: [], total: 0 };
  }
}

export function businessesQueryOptions(query: BusinessesQuery, connectedOnly: boolean) {
  return queryOptions({
    queryKey: ['businesses', connectedOnly ? 'mine' : 'all', query],
    queryFn: ({ signal }) => listBusinesses(query, connectedOnly, signal),
    placeholderData: keepPreviousData,
  });
}

export function useBusinesses(query: BusinessesQuery, connectedOnly: boolean) {
  return useQuery(businessesQueryOptions(query, connectedOnly));
}
