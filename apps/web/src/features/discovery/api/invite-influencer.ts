import type { DiscoveryInviteBody } from '@reach/contract/discovery';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /discovery/invite/message — mails a discovered influencer an invitation to one active campaign. */
export function inviteDiscovered(body: DiscoveryInviteBody) {
  return api<{ id: number; email: string; sent_at: string }>('/discovery/invite/message', {
    method: 'POST',
    body,
  });
}

export function useInviteDiscovered() {
  return useMutation({ mutationFn: inviteDiscovered });
}
