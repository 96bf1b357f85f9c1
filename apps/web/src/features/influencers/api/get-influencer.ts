import { influencersApi } from '@reach/contract/endpoints/directory';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** GET /influencer/{id} — an influencer's public profile with your collaborations. */
export function getInfluencer(id: number, signal?: AbortSignal) {
  return call(influencersApi.get, { params: { id }, signal });
}

export function influencerQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['influencers', 'detail', id],
    queryFn: ({ signal }) => getInfluencer(id, signal),
  });
}

export function useInfluencer(id: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...influencerQueryOptions(id), enabled: options.enabled ?? true });
}
