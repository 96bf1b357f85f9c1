import type { SendCampaignMessageBody } from '@reach/contract/campaigns';
import { campaignConversationsApi } from '@reach/contract/endpoints/campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { CAMPAIGN_MESSAGES_QUERY_KEY } from '../../../lib/live';
import { campaignKeys } from './campaign-keys';

/** POST /campaigns/{id}/messages — `user_id` (the influencer of the thread) is required for the business. */
export function sendCampaignMessage(campaignId: number, body: SendCampaignMessageBody) {
  return call(campaignConversationsApi.send, { params: { id: campaignId }, body });
}

export function useSendCampaignMessage(campaignId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendCampaignMessageBody) => sendCampaignMessage(campaignId, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [CAMPAIGN_MESSAGES_QUERY_KEY, campaignId] });
      void queryClient.invalidateQueries({ queryKey: campaignKeys.threads(campaignId) });
    },
  });
}
