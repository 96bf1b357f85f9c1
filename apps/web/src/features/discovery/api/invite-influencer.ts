import type { DiscoveryInviteBody } from '@reach/contract/discovery';
import { discoveryApi } from '@reach/contract/endpoints/discovery';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** POST /discovery/invite/message — mails a discovered influencer an invitation to one active campaign. */
export function inviteDiscovered(body: DiscoveryInviteBody) {
  return call(discoveryApi.invite, { body });
}

export function useInviteDiscovered() {
  return useMutation({ mutationFn: inviteDiscovered });
}
