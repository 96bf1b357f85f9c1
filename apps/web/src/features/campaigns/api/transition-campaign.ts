import type { CampaignAction } from '@reach/contract/campaigns';
import type { campaignTransitionsApi } from '@reach/contract/endpoints/campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, type EndpointRoute } from '../../../lib/api-client';
import { campaignKeys, MENU_COUNTS_ROOT } from './campaign-keys';

/** POST /campaign/{id}/{publish|pause|resume|complete|archive} — a lifecycle step (illegal ones → 409). */
export function transitionCampaign(id: number, action: CampaignAction) {
  // By its route: the page does not load the contract's schemas (dashboard/api/get-menu-counts.ts).
  const route: EndpointRoute<(typeof campaignTransitionsApi)[CampaignAction]> = {
    method: 'POST',
    path: `/campaign/:id/${action}`,
  };
  return call<(typeof campaignTransitionsApi)[CampaignAction]>(route, { params: { id } });
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
