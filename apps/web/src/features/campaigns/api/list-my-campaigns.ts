import { campaignsApi } from '@reach/contract/endpoints/campaigns';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { campaignKeys } from './campaign-keys';

/** Entries of the influencer's campaign picker: the first page of GET /my/campaigns, by name. */
const PICKER_ITEMS = 100;

/** GET /my/campaigns — the campaigns the caller works on (an influencer: those it has a conversation about). */
export function listMyCampaigns(signal?: AbortSignal) {
  return call(campaignsApi.listMine, { query: { items: PICKER_ITEMS }, signal });
}

export function myCampaignsQueryOptions() {
  return queryOptions({
    queryKey: [...campaignKeys.all, 'mine', PICKER_ITEMS],
    queryFn: ({ signal }) => listMyCampaigns(signal),
  });
}

export function useMyCampaigns() {
  return useQuery(myCampaignsQueryOptions());
}
