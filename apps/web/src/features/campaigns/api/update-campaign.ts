import type { Campaign, UpdateCampaignBody } from '@reach/contract/campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { campaignKeys } from './campaign-keys';

/** PUT /campaign/{id} — change fields (drafts and paused campaigns: any field). */
export function updateCampaign(id: number, body: UpdateCampaignBody) {
  return api<Campaign>(`/campaign/${id}`, { method: 'PUT', body });
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
