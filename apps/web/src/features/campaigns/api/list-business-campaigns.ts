import type { businessCampaignsQuery } from '@reach/contract/campaigns';
import type { campaignsApi } from '@reach/contract/endpoints/campaigns';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call, type EndpointRoute } from '../../../lib/api-client';
import { campaignKeys } from './campaign-keys';

/** By its route: the page does not load the contract's schemas (dashboard/api/get-menu-counts.ts). */
const LIST_BUSINESS: EndpointRoute<typeof campaignsApi.listBusiness> = {
  method: 'GET',
  path: '/campaigns/business',
};

/** The query of GET /campaigns/business; what is left out takes the API's default. */
export type BusinessCampaignsQuery = Partial<z.output<typeof businessCampaignsQuery>>;

/** GET /campaigns/business — the business's campaigns, paged, sorted and filtered by the API. */
export function listBusinessCampaigns(query: BusinessCampaignsQuery, signal?: AbortSignal) {
  return call(LIST_BUSINESS, { query, signal });
}

export function businessCampaignsQueryOptions(query: BusinessCampaignsQuery) {
  return queryOptions({
    queryKey: campaignKeys.businessList(query),
    queryFn: ({ signal }) => listBusinessCampaigns(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useBusinessCampaigns(query: BusinessCampaignsQuery) {
  return useQuery(businessCampaignsQueryOptions(query));
}
