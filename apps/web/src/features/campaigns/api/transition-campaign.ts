import type { CampaignAction } from '@reach/contract/campaigns';
import { campaignTransitionsApi } from '@reach/contract/endpoints/campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { campaignKeys, MENU_COUNTS_ROOT } from './campaign-keys';

/** POST /campaign/{id}/{publish|pause|resume|complete|archive} — a lifecycle step (illegal ones → 409). */
export function transitionCampaign(id: number, action: CampaignAction) {
  return call(campaignTransitionsApi[action], { params: { id } });
}

export function useTransitionCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: CampaignAction }) => transitionCampaign(id, action),
    onSuccess: (campaign) => {
      queryClient.setQueryData(campaignKeys.detail(campaign.id), campaign);
      void queryClient.invalidateQueries({ queryKey: campaignKeys.all });
      // Completing or archiving refunds what the budget holds: the pipeline's money changes too.
      void queryClient.invalidateQueries({ queryKey: campaignKeys.pipeline(campaign.id) });
      void queryClient.invalidateQueries({ queryKey: MENU_COUNTS_ROOT });
    },
  });
}
