import { campaignsApi } from '@reach/contract/endpoints/campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { campaignKeys, MENU_COUNTS_ROOT } from './campaign-keys';

/** POST /campaign/{id}/duplicate — a new draft copying the campaign, its interests and media. */
export function duplicateCampaign(id: number) {
  return call(campaignsApi.duplicate, { params: { id } });
}

export function useDuplicateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateCampaign,
    onSuccess: (campaign) => {
      queryClient.setQueryData(campaignKeys.detail(campaign.id), campaign);
      void queryClient.invalidateQueries({ queryKey: campaignKeys.all });
      void queryClient.invalidateQueries({ queryKey: MENU_COUNTS_ROOT });
    },
  });
}
