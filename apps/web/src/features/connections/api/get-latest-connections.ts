import type { ConnectionCard } from '@reach/contract/connections';
import type { connectionsApi } from '@reach/contract/endpoints/connections';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, type EndpointRoute } from '../../../lib/api-client';

/** By its route: the shell does not load the contract's schemas (get-menu-counts.ts). */
const CARDS: EndpointRoute<typeof connectionsApi.cards> = { method: 'GET', path: '/my/connections/list' };

/**
 * GET /my/connections/list?latest=true. Spec §8: list fetches fall back to an empty list on failure (also while
 * the endpoint does not exist yet), so the sidebar shows its empty text instead of an error.
 */
export async function getLatestConnections(signal?: AbortSignal): Promise<ConnectionCard[]> {
  try {
    const body = await call(CARDS, { query: { latest: true }, signal });
    return body.data;
  } catch (error) {
    if (signal?.aborted) throw error;
    return [];
  }
}

export const LATEST_CONNECTIONS_QUERY_KEY = ['connections', 'latest'] as const;

export function useLatestConnections() {
  return useQuery(
    queryOptions({
      queryKey: LATEST_CONNECTIONS_QUERY_KEY,
      queryFn: ({ signal }) => getLatestConnections(signal),
      staleTime: 60_000,
    }),
  );
}
