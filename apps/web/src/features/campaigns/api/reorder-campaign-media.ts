import type { Campaign, CampaignMedia } from '@reach/contract/campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { campaignKeys } from './campaign-keys';

/** PUT /campaign/{id}/media/order — every media id of the campaign, in the new order. */
export function reorderCampaignMedia(campaignId: number, mediaIds: number[]) {
  return api<{ data: CampaignMedia[] }>(`/campaign/${campaignId}/media/order`, {
    method: 'PUT',
    body: { media_ids: mediaIds },
  });
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
