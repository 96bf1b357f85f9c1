import type { adminCampaignsQuery } from '@reach/contract/campaigns';
import { campaignsApi } from '@reach/contract/endpoints/campaigns';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../../lib/api-client';
import { campaignKeys } from './campaign-keys';

/** The query of GET /campaigns/all; what is left out takes the API's default. */
export type AdminCampaignsQuery = Partial<z.output<typeof adminCampaignsQuery>>;

/** GET /campaigns/all (admin) — every campaign of every business, paged and filtered by the API. */
export function listAllCampaigns(query: AdminCampaignsQuery, signal?: AbortSignal) {
  return call(campaignsApi.listAll, { query, signal });
}

export function allCampaignsQueryOptions(query: AdminCampaignsQuery) {
  return queryOptions({
    queryKey: campaignKeys.adminList(query),
    queryFn: ({ signal }) => listAllCampaigns(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAllCampaigns(query: AdminCampaignsQuery) {
  return useQuery(allCampaignsQueryOptions(query));
}
