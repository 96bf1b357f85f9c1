import type { CampaignOption } from '@reach/contract/campaigns';
import type { Interest, State } from '@reach/contract/reference';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /states/search — fetched once (spec §7). */
export function useStates() {
  return useQuery(
    queryOptions({
      queryKey: ['reference', 'states'],
      queryFn: ({ signal }) => api<{ data: State[] }>('/states/search', { signal, query: { limit: 500 } }),
      select: (response) => response.data,
      staleTime: Number.POSITIVE_INFINITY,
    }),
  );
}

/** GET /keywords/search — every interest, for the tag filter. */
export function useInterests() {
  return useQuery(
    queryOptions({
      queryKey: ['reference', 'interests', ''],
      queryFn: ({ signal }) =>
        api<{ data: Interest[] }>('/keywords/search', { signal, query: { limit: 500 } }),
      select: (response) => response.data,
      staleTime: 5 * 60_000,
    }),
  );
}

/** GET /campaigns/list — the business's campaigns (the campaign filter). */
export function useOwnCampaigns() {
  return useQuery(
    queryOptions({
      queryKey: ['campaigns', 'options'],
      queryFn: ({ signal }) => api<{ data: CampaignOption[] }>('/campaigns/list', { signal }),
      select: (response) => response.data,
      staleTime: 60_000,
    }),
  );
}
