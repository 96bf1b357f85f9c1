import type { EndpointResponse } from '@reach/contract/endpoint';
import { campaignConversationsApi } from '@reach/contract/endpoints/campaigns';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { campaignKeys } from './campaign-keys';

export type CampaignThreadsPage = EndpointResponse<typeof campaignConversationsApi.threads>;
export type CampaignThread = CampaignThreadsPage['data'][number];

/** GET /campaigns/{id}/threads — one row per influencer conversation, the most recent first. */
export function getCampaignThreads(campaignId: number, page: number, items: number, signal?: AbortSignal) {
  return call(campaignConversationsApi.threads, {
    params: { id: campaignId },
    query: { page, items },
    signal,
  });
}

export function campaignThreadsQueryOptions(campaignId: number, page = 1, items = 10) {
  return queryOptions({
    queryKey: [...campaignKeys.threads(campaignId), page, items],
    queryFn: ({ signal }) => getCampaignThreads(campaignId, page, items, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCampaignThreads(campaignId: number, page = 1, items = 10) {
  return useQuery(campaignThreadsQueryOptions(campaignId, page, items));
}
