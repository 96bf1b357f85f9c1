import { connectionsApi } from '@reach/contract/endpoints/connections';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { connectionKeys } from '../../../lib/connections/keys';

/** GET /connection/{id} — the connection with its history and reviews (404 when it is not yours). */
export function getConnection(id: number, signal?: AbortSignal) {
  return call(connectionsApi.get, { params: { id }, signal });
}

export function connectionQueryOptions(id: number) {
  return queryOptions({
    queryKey: connectionKeys.detail(id),
    queryFn: ({ signal }) => getConnection(id, signal),
  });
}

export function useConnection(id: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...connectionQueryOptions(id), enabled: options.enabled ?? true });
}
