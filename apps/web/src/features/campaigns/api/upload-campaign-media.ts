import type { Campaign } from '@reach/contract/campaigns';
import { campaignMediaApi } from '@reach/contract/endpoints/campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadFile } from '../utils/upload-file';
import { campaignKeys } from './campaign-keys';

/** POST /campaign/{id}/media — one JPEG/PNG (≤ 10 MB) or MP4 (≤ 100 MB) per request, with upload progress. */
export function uploadCampaignMedia(
  campaignId: number,
  file: File,
  onProgress?: (percent: number) => void,
  signal?: AbortSignal,
) {
  return uploadFile(campaignMediaApi.upload, { id: campaignId }, file, onProgress, signal);
}

export function useUploadCampaignMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { campaignId: number; file: File; onProgress?: (percent: number) => void }) =>
      uploadCampaignMedia(input.campaignId, input.file, input.onProgress),
    onSuccess: (media, { campaignId }) => {
      queryClient.setQueryData<Campaign>(campaignKeys.detail(campaignId), (campaign) =>
        campaign && !campaign.media.some((m) => m.id === media.id)
          ? { ...campaign, media: [...campaign.media, media] }
          : campaign,
      );
      void queryClient.invalidateQueries({ queryKey: campaignKeys.all });
    },
  });
}
