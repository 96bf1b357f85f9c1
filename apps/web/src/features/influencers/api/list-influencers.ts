import type { EndpointQuery } from '@reach/contract/endpoint';
import { influencersApi } from '@reach/contract/endpoints/directory';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export type InfluencersQuery = Partial<EndpointQuery<typeof influencersApi.list>>;

/** GET /influencers — the directory with every spec §7 filter, sorted and paged by the API. */
export function listInfluencers(query: InfluencersQuery, signal?: AbortSignal) {
  return call(influencersApi.list, { query, signal });
}

export function influencersQueryOptions(query: InfluencersQuery) {
  return queryOptions({
    queryKey: ['influencers', 'list', query],
    queryFn: ({ signal }) => listInfluencers(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useInfluencers(query: InfluencersQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...influencersQueryOptions(query), enabled: options.enabled ?? true });
}
