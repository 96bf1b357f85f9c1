import type { campaignsApi } from '@reach/contract/endpoints/campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, type EndpointRoute } from '../../../lib/api-client';
import { campaignKeys, MENU_COUNTS_ROOT } from './campaign-keys';

/** By its route: the page does not load the contract's schemas (dashboard/api/get-menu-counts.ts). */
const DUPLICATE: EndpointRoute<typeof campaignsApi.duplicate> = {
  method: 'POST',
  path: '/campaign/:id/duplicate',
};

/** POST /campaign/{id}/duplicate — a new draft copying the campaign, its interests and media. */
export function duplicateCampaign(id: number) {
  return call(DUPLICATE, { params: { id } });
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
