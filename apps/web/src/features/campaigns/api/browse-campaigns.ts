import type { browseCampaignsQuery } from '@reach/contract/campaigns';
import { campaignsApi } from '@reach/contract/endpoints/campaigns';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../../lib/api-client';
import { campaignKeys } from './campaign-keys';

/** The query of GET /campaigns/browse; what is left out takes the API's default. */
export type BrowseCampaignsQuery = Partial<z.output<typeof browseCampaignsQuery>>;

/** GET /campaigns/browse — active campaigns an influencer can browse. */
export function browseCampaigns(query: BrowseCampaignsQuery, signal?: AbortSignal) {
  return call(campaignsApi.browse, { query, signal });
}

export function browseCampaignsQueryOptions(query: BrowseCampaignsQuery) {
  return queryOptions({
    queryKey: campaignKeys.browse(query),
    queryFn: ({ signal }) => browseCampaigns(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useBrowseCampaigns(query: BrowseCampaignsQuery) {
  return useQuery(browseCampaignsQueryOptions(query));
}
