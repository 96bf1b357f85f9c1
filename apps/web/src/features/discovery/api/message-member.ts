import type { SendCampaignMessageBody } from '@reach/contract/campaigns';
import { campaignConversationsApi } from '@reach/contract/endpoints/campaigns';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** POST /campaigns/{id}/messages — the first (or next) message of a campaign's thread with a member. */
export function messageMember({ campaignId, ...body }: SendCampaignMessageBody & { campaignId: number }) {
  return call(campaignConversationsApi.send, { params: { id: campaignId }, body });
}

export function useMessageMember() {
  return useMutation({ mutationFn: messageMember });
}
