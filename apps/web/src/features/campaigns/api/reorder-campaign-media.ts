import type { Campaign } from '@reach/contract/campaigns';
import { campaignMediaApi } from '@reach/contract/endpoints/campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { campaignKeys } from './campaign-keys';

/** PUT /campaign/{id}/media/order — every media id of the campaign, in the new order. */
export function reorderCampaignMedia(campaignId: number, mediaIds: number[]) {
  return call(campaignMediaApi.reorder, { params: { id: campaignId }, body: { media_ids: mediaIds } });
}

export function useReorderCampaignMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ campaignId, mediaIds }: { campaignId: number; mediaIds: number[] }) =>
      reorderCampaignMedia(campaignId, mediaIds),
    onSuccess: ({ data }, { campaignId }) => {
      queryClient.setQueryData<Campaign>(campaignKeys.detail(campaignId), (campaign) =>
        campaign ? { ...campaign, media: data } : campaign,
      );
      void queryClient.invalidateQueries({ queryKey: campaignKeys.all });
    },
  });
}
