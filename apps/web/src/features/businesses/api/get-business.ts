import { businessesApi } from '@reach/contract/endpoints/directory';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** GET /business/{id} — a business's public profile, active campaigns, reviews and your connections with it. */
export function getBusiness(id: number, signal?: AbortSignal) {
  return call(businessesApi.get, { params: { id }, signal });
}

export function businessQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['businesses', 'detail', id],
    queryFn: ({ signal }) => getBusiness(id, signal),
  });
}

export function useBusiness(id: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...businessQueryOptions(id), enabled: options.enabled ?? true });
}
