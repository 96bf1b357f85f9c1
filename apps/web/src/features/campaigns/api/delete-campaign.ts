import type { campaignsApi } from '@reach/contract/endpoints/campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, type EndpointRoute } from '../../../lib/api-client';
import { campaignKeys, MENU_COUNTS_ROOT } from './campaign-keys';

/** By its route: the page does not load the contract's schemas (dashboard/api/get-menu-counts.ts). */
const DELETE_CAMPAIGN: EndpointRoute<typeof campaignsApi.delete> = {
  method: 'DELETE',
  path: '/campaign/:id',
};

/** DELETE /campaign/{id} — only drafts can be deleted (others → 409; archive them instead). */
export function deleteCampaign(id: number) {
  return call(DELETE_CAMPAIGN, { params: { id } });
}

export function useDeleteCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCampaign,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: campaignKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: campaignKeys.all });
      void queryClient.invalidateQueries({ queryKey: MENU_COUNTS_ROOT });
    },
  });
}
