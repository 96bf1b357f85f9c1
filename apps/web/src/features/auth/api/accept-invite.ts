import { invitesApi } from '@reach/contract/endpoints/invites';
import { call } from '../../../lib/api-client';

/** POST /invite/accept — after a social sign-up, the invite link the person came with creates their invitation. */
export function acceptInvite(invite: string) {
  return call(invitesApi.accept, { body: { invite } });
}
