import { api } from '../../../lib/api-client';

/** POST /invite/accept — after a social sign-up, the invite link the person came with creates their invitation. */
export function acceptInvite(invite: string) {
  return api<unknown>('/invite/accept', { method: 'POST', body: { invite } });
}
