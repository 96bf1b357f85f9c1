import type { Campaign, CampaignMedia } from '@reach/contract/campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { campaignKeys } from './campaign-keys';

/** DELETE /campaign/{id}/media/{mediaId} — returns the media left. */
export function deleteCampaignMedia(campaignId: number, mediaId: number) {
  return api<{ data: CampaignMedia[] }>(`/campaign/${campaignId}/media/${mediaId}`, { method: 'DELETE' });
}

export function useDeleteCampaignMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ campaignId, mediaId }: { campaignId: number; mediaId: number }) =>
      deleteCampaignMedia(campaignId, mediaId),
    onSuccess: ({ data }, { campaignId }) => {
      queryClient.setQueryData<Campaign>(campaignKeys.detail(campaignId), (campaign) =>
        campaign ? { ...campaign, media: data } : campaign,
      );
      void queryClient.invalidateQueries({ queryKey: campaignKeys.all });
    },
  });
}
