import type { connectionsQuery } from '@reach/contract/connections';
import { connectionsApi } from '@reach/contract/endpoints/connections';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../../lib/api-client';
import { connectionKeys } from '../../../lib/connections/keys';

/** The query of GET /my/connections; what is left out takes the API's default. */
export type ConnectionsQuery = Partial<z.output<typeof connectionsQuery>>;

/** GET /my/connections — your connections, paged, sorted and filtered by the API, with counts per status. */
export function listConnections(query: ConnectionsQuery, signal?: AbortSignal) {
  return call(connectionsApi.list, { query, signal });
}

export function connectionsQueryOptions(query: ConnectionsQuery) {
  return queryOptions({
    queryKey: connectionKeys.list(query),
    queryFn: ({ signal }) => listConnections(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useConnections(query: ConnectionsQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...connectionsQueryOptions(query), enabled: options.enabled ?? true });
}
