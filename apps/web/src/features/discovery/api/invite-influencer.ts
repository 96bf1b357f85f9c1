import type { DiscoveryInviteBody } from '@reach/contract/discovery';
import { discoveryApi } from '@reach/contract/endpoints/discovery';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** POST /discovery/invite/message — mails a discovered influencer an invitation to one active campaign. */
export function inviteDiscovered(body: DiscoveryInviteBody) {
  return call(discoveryApi.invite, { body });
}

/** The outreach lists (campaign page, connections page) show the invitation at once. */
export function useInviteDiscovered() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteDiscovered,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['connections', 'outreach'] }),
  });
}
