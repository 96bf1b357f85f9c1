import type { campaignsApi } from '@reach/contract/endpoints/campaigns';
import type { referenceApi } from '@reach/contract/endpoints/reference';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, type EndpointRoute } from './api-client';

/** By their routes: the pages do not load the contract's schemas (features/dashboard/api/get-menu-counts.ts). */
const INTERESTS: EndpointRoute<typeof referenceApi.interests> = { method: 'GET', path: '/keywords/search' };
const CAMPAIGN_OPTIONS: EndpointRoute<typeof campaignsApi.options> = {
  method: 'GET',
  path: '/campaigns/list',
};

/** GET /keywords/search — every interest, for a tag filter. */
export function useInterests() {
  return useQuery(
    queryOptions({
      queryKey: ['reference', 'interests', ''],
      queryFn: ({ signal }) => call(INTERESTS, { signal, query: { limit: 500 } }),
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
      queryFn: ({ signal }) => call(CAMPAIGN_OPTIONS, { signal }),
      select: (response) => response.data,
      staleTime: 60_000,
    }),
    enabled: options.enabled ?? true,
  });
}
