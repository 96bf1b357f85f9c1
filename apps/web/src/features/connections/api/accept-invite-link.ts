import { invitesApi } from '@reach/contract/endpoints/invites';
import { call } from '../../../lib/api-client';

/** POST /invite/accept — a signed-in influencer uses an invite link (after a Google or Facebook sign-up). */
export function acceptInviteLink(invite: string) {
  return call(invitesApi.accept, { body: { invite } });
}
