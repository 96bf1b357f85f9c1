import type { Connection } from '@reach/contract/connections';
import { api } from '../../../lib/api-client';

/** POST /invite/accept — a signed-in influencer uses an invite link (after a Google or Facebook sign-up). */
export function acceptInviteLink(invite: string) {
  return api<Connection>('/invite/accept', { method: 'POST', body: { invite } });
}
