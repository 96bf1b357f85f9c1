import type { CreateCampaignBody } from '@reach/contract/campaigns';
import { campaignsApi } from '@reach/contract/endpoints/campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { campaignKeys, MENU_COUNTS_ROOT } from './campaign-keys';

/** POST /campaigns — a new draft (only the type is required). */
export function createCampaign(body: CreateCampaignBody) {
  return call(campaignsApi.create, { body });
}

export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCampaign,
    onSuccess: (campaign) => {
      queryClient.setQueryData(campaignKeys.detail(campaign.id), campaign);
      void queryClient.invalidateQueries({ queryKey: campaignKeys.all });
      void queryClient.invalidateQueries({ queryKey: MENU_COUNTS_ROOT });
    },
  });
}
