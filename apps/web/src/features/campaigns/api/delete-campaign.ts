import { campaignsApi } from '@reach/contract/endpoints/campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { campaignKeys, MENU_COUNTS_ROOT } from './campaign-keys';

/** DELETE /campaign/{id} — only drafts can be deleted (others → 409; archive them instead). */
export function deleteCampaign(id: number) {
  return call(campaignsApi.delete, { params: { id } });
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
