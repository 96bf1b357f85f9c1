import type { CampaignMessage, SendCampaignMessageBody } from '@reach/contract/campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CAMPAIGN_MESSAGES_QUERY_KEY } from '../../../lib/live';
import { campaignKeys } from './campaign-keys';

/** POST /campaigns/{id}/messages — `user_id` (the influencer of the thread) is required for the business. */
export function sendCampaignMessage(campaignId: number, body: SendCampaignMessageBody) {
  return api<CampaignMessage>(`/campaigns/${campaignId}/messages`, { method: 'POST', body });
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
