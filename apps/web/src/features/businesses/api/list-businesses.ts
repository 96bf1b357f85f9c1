import type { BusinessesPage, businessesQuery } from '@reach/contract/directory';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type BusinessesQuery = Partial<z.input<typeof businessesQuery>>;

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
    return await api<BusinessesPage>(connectedOnly ? '/my/businesses' : '/businesses', {
      query: query as Record<string, string | number>,
      signal,
    });
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
