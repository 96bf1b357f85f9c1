import type { Campaign } from '@reach/contract/campaigns';
import { campaignMediaApi } from '@reach/contract/endpoints/campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { campaignKeys } from './campaign-keys';

/** DELETE /campaign/{id}/media/{mediaId} — returns the media left. */
export function deleteCampaignMedia(campaignId: number, mediaId: number) {
  return call(campaignMediaApi.delete, { params: { id: campaignId, mediaId } });
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
