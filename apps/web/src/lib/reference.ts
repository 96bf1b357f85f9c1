import { campaignsApi } from '@reach/contract/endpoints/campaigns';
import { referenceApi } from '@reach/contract/endpoints/reference';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './api-client';

/** GET /keywords/search — every interest, for a tag filter. */
export function useInterests() {
  return useQuery(
    queryOptions({
      queryKey: ['reference', 'interests', ''],
      queryFn: ({ signal }) => call(referenceApi.interests, { signal, query: { limit: 500 } }),
      select: (response) => response.data,
      staleTime: 5 * 60_000,
    }),
  );
}

/** GET /campaigns/list — the business's own campaigns, unpaged (a campaign filter). */
export function useCampaignOptions(options: { enabled?: boolean } = {}) {
  return useQuery({
    ...queryOptions({
      queryKey: ['campaigns', 'options'],
      queryFn: ({ signal }) => call(campaignsApi.options, { signal }),
      select: (response) => response.data,
      staleTime: 60_000,
    }),
    enabled: options.enabled ?? true,
  });
}
