import type { InfluencersPage, influencersQuery } from '@reach/contract/directory';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type InfluencersQuery = Partial<z.input<typeof influencersQuery>>;

/** GET /influencers — the directory with every spec §7 filter, sorted and paged by the API. */
export function listInfluencers(query: InfluencersQuery, signal?: AbortSignal) {
  return api<InfluencersPage>('/influencers', { query: query as Record<string, string | number>, signal });
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
