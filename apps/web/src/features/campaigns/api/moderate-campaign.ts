import type { AdminCampaignAction } from '@reach/contract/campaigns';
import { campaignModerationApi } from '@reach/contract/endpoints/campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { campaignKeys, MENU_COUNTS_ROOT } from './campaign-keys';

/** POST /admin/campaigns/{id}/{pause|archive} — an admin takes a campaign down (illegal steps → 409). */
export function moderateCampaign(id: number, action: AdminCampaignAction, reason?: string) {
  return call(campaignModerationApi[action], { params: { id }, body: reason ? { reason } : {} });
}

export function useModerateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: number; action: AdminCampaignAction; reason?: string }) =>
      moderateCampaign(id, action, reason),
    onSuccess: (campaign) => {
      queryClient.setQueryData(campaignKeys.detail(campaign.id), campaign);
      void queryClient.invalidateQueries({ queryKey: campaignKeys.all });
      void queryClient.invalidateQueries({ queryKey: MENU_COUNTS_ROOT });
    },
  });
}
