import type { campaignsApi } from '@reach/contract/endpoints/campaigns';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, type EndpointRoute } from '../../../lib/api-client';
import { campaignKeys } from './campaign-keys';

/** By its route: the page does not load the contract's schemas (dashboard/api/get-menu-counts.ts). */
const GET_CAMPAIGN: EndpointRoute<typeof campaignsApi.get> = { method: 'GET', path: '/campaign/:id' };

/** GET /campaign/{id} — one campaign with its media, budget, counts and what the caller may do with it. */
export function getCampaign(id: number, signal?: AbortSignal) {
  return call(GET_CAMPAIGN, { params: { id }, signal });
}

export function campaignQueryOptions(id: number) {
  return queryOptions({
    queryKey: campaignKeys.detail(id),
    queryFn: ({ signal }) => getCampaign(id, signal),
  });
}

export function useCampaign(id: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...campaignQueryOptions(id), enabled: options.enabled ?? true });
}
