import type { InviteLink } from '@reach/contract/connections';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /invite/generate — a signed sign-up link that invites whoever signs up with it to the campaign. */
export function generateInviteLink(campaignId: number) {
  return api<InviteLink>('/invite/generate', { query: { campaign_id: campaignId } });
}

export function useGenerateInviteLink() {
  return useMutation({ mutationFn: generateInviteLink });
}
