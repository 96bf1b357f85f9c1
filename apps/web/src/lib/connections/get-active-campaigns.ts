import { campaignsApi } from '@reach/contract/endpoints/campaigns';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../api-client';

/** GET /campaigns/active — the business's active campaigns, the ones it can invite to. */
export function activeCampaignsQueryOptions() {
  return queryOptions({
    queryKey: ['campaigns', 'active-options'],
    queryFn: ({ signal }) => call(campaignsApi.active, { signal }),
    select: (response) => response.data,
    staleTime: 30_000,
  });
}

export function useActiveCampaigns(options: { enabled?: boolean } = {}) {
  return useQuery({ ...activeCampaignsQueryOptions(), enabled: options.enabled ?? true });
}
