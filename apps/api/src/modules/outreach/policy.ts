import type { OutreachStatus } from '@reach/contract/outreach';
import type { Actor } from '../../actor';
import type { ConnectionStatusColumn, OutreachDelivery } from '../../db/schema';

/*
 * Outreach rules, as pure functions (see policy.test.ts).
 */

/** Who reads a campaign's outreach: its business, and admins. Anyone else is told it does not exist. */
export function canReadOutreach(actor: Actor, campaign: { business_id: number } | undefined): boolean {
  if (!campaign) return false;
  if (actor.type === 'admin') return true;
  return actor.type === 'business' && actor.businessId === campaign.business_id;
}

/** The facts a record's status comes from: its own (mail, link) and its connection's. */
export type OutreachFacts = {
  delivery: OutreachDelivery;
  opened: boolean;
  signedUp: boolean;
  connectionStatus: ConnectionStatusColumn | null;
};

/**
 * Where an invitation stands. Once it has a connection, the connection's answer rules (accepted — or
 * completed —, declined, cancelled, applied); before an answer, signed up beats invited in app; without a
 * connection, signing up, then opening the link, then the mail's delivery.
 * Keep in step with OUTREACH_STATUS_SQL (queries.ts), which computes the same for filtering in SQL.
 */
export function outreachStatus(f: OutreachFacts): OutreachStatus {
  switch (f.connectionStatus) {
    case 'accepted':
    case 'completed':
      return 'accepted';
    case 'declined':
      return 'declined';
    case 'cancelled':
      return 'cancelled';
    case 'applied':
      return 'applied';
    case 'invited':
      return f.signedUp ? 'signed_up' : 'invited';
    default:
      break;
  }
  if (f.signedUp) return 'signed_up';
  if (f.opened) return 'opened';
  switch (f.delivery) {
    case 'none':
      return 'not_sent';
    case 'in_app':
      return 'invited';
    default:
      return f.delivery;
  }
}

/** Statuses of invitations still waiting for the creator (the pipeline's "invited" without a connection). */
export const AWAITING_STATUSES: readonly OutreachStatus[] = [
  'not_sent',
  'queued',
  'sent',
  'opened',
  'signed_up',
];
