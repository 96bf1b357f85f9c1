import type { CampaignOption } from '@reach/contract/campaigns';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';

/** GET /campaigns/active — the business's active campaigns, the ones it can invite to. */
export function activeCampaignsQueryOptions() {
  return queryOptions({
    queryKey: ['campaigns', 'active-options'],
    queryFn: ({ signal }) => api<{ data: CampaignOption[] }>('/campaigns/active', { signal }),
    select: (response) => response.data,
    staleTime: 30_000,
  });
}

export function useActiveCampaigns(options: { enabled?: boolean } = {}) {
  return useQuery({ ...activeCampaignsQueryOptions(), enabled: options.enabled ?? true });
}
