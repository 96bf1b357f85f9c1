import { campaignsApi } from '@reach/contract/endpoints/campaigns';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { campaignKeys } from './campaign-keys';

/** GET /campaign/{id}/pipeline — creators by stage, next steps, budget from the ledger and the posts' figures. */
export function getCampaignPipeline(id: number, signal?: AbortSignal) {
  return call(campaignsApi.pipeline, { params: { id }, signal });
}

export function useCampaignPipeline(id: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: campaignKeys.pipeline(id),
    queryFn: ({ signal }) => getCampaignPipeline(id, signal),
    enabled: options.enabled ?? true,
  });
}
