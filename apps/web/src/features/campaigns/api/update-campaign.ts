import type { UpdateCampaignBody } from '@reach/contract/campaigns';
import { campaignsApi } from '@reach/contract/endpoints/campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { campaignKeys } from './campaign-keys';

/** PUT /campaign/{id} — change fields (drafts and paused campaigns: any field). */
export function updateCampaign(id: number, body: UpdateCampaignBody) {
  return call(campaignsApi.update, { params: { id }, body });
}

export function useUpdateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateCampaignBody }) => updateCampaign(id, body),
    onSuccess: (campaign) => {
      queryClient.setQueryData(campaignKeys.detail(campaign.id), campaign);
      void queryClient.invalidateQueries({ queryKey: campaignKeys.all });
    },
  });
}
