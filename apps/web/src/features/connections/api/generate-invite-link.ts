import { invitesApi } from '@reach/contract/endpoints/invites';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** GET /invite/generate — a signed sign-up link that invites whoever signs up with it to the campaign. */
export function generateInviteLink(campaignId: number) {
  return call(invitesApi.generate, { query: { campaign_id: campaignId } });
}

export function useGenerateInviteLink() {
  return useMutation({ mutationFn: generateInviteLink });
}
