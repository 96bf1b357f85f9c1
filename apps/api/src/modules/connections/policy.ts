import type { CampaignStatus } from '@reach/contract/campaigns';
import type {
  ConnectionAbilities,
  ConnectionAction,
  ConnectionSide,
  ConnectionStatus,
} from '@reach/contract/connections';
import { API_MESSAGE } from '@reach/contract/messages';
import { type Actor, sideOf } from '../../actor';
import { canReview } from '../reviews/policy';

/*
 * The rules of connections, as pure functions (no database, no clock). The service enforces them in the
 * transaction that changes the row; the presenter turns them into `abilities` for the client.
 *
 *   (nothing) ──business invites──▶ invited          (only to its own active campaign)
 *   (nothing) ──influencer applies─▶ applied          (only to an active campaign)
 *   invited ──influencer accepts──▶ accepted          applied ──business accepts──▶ accepted
 *   invited ──influencer declines─▶ declined          applied ──business declines─▶ declined
 *   invited | applied | accepted ──either side cancels──▶ cancelled
 *   accepted ──business completes──▶ completed
 *
 * Accepting needs the campaign still active. Declined, completed and cancelled are final; after a decline or
 * a cancellation a new invitation or application may start over (the live-pair index allows it).
 *
 * Visibility: a business sees its own connections, an influencer theirs, admins all; anyone else gets 404.
 */

export type ConnectionFacts = {
  business_id: number;
  influencer_user_id: number;
  status: ConnectionStatus;
  initiated_by: ConnectionSide;
};

export const TRANSITIONS: Record<
  ConnectionAction,
  { from: readonly ConnectionStatus[]; to: ConnectionStatus; verb: string }
> = {
  accept: { from: ['invited', 'applied'], to: 'accepted', verb: 'accepted' },
  decline: { from: ['invited', 'applied'], to: 'declined', verb: 'declined' },
  cancel: { from: ['invited', 'applied', 'accepted'], to: 'cancelled', verb: 'cancelled' },
  complete: { from: ['accepted'], to: 'completed', verb: 'completed' },
};

export function canView(actor: Actor, c: ConnectionFacts): boolean {
  return actor.type === 'admin' || sideOf(actor, c) !== null;
}

/** The side that answers a pending connection: the one that did not start it. */
function answeringSide(c: ConnectionFacts): ConnectionSide {
  return c.initiated_by === 'business' ? 'influencer' : 'business';
}

export type Refusal = { code: 'not_found' | 'forbidden' | 'conflict'; message: string };

/**
 * What `action` does for `actor` on connection `c` while its campaign is in `campaignStatus`: the new status,
 * or the refusal (404 not yours, 409 not from this status or not now, 403 not your side's step).
 */
export function transition(
  actor: Actor,
  c: ConnectionFacts,
  action: ConnectionAction,
  campaignStatus: CampaignStatus,
): { to: ConnectionStatus } | { refusal: Refusal } {
  const side = sideOf(actor, c);
  if (!side) return { refusal: { code: 'not_found', message: API_MESSAGE.connectionNotFound } };
  const t = TRANSITIONS[action];
  if (!t.from.includes(c.status)) {
    return { refusal: { code: 'conflict', message: API_MESSAGE.connectionTransition(c.status, t.verb) } };
  }
  if ((action === 'accept' || action === 'decline') && side !== answeringSide(c)) {
    return { refusal: { code: 'forbidden', message: API_MESSAGE.connectionNotYourTurn(action) } };
  }
  if (action === 'complete' && side !== 'business') {
    return { refusal: { code: 'forbidden', message: API_MESSAGE.connectionCompleteBusinessOnly } };
  }
  if (action === 'accept' && campaignStatus !== 'active') {
    return { refusal: { code: 'conflict', message: API_MESSAGE.connectionAcceptCampaignClosed } };
  }
  return { to: t.to };
}

/** Why a business may not invite to a campaign (its own, active), or null. */
export function inviteRefusal(
  actor: Actor,
  campaign: { business_id: number; status: CampaignStatus } | undefined,
): Refusal | null {
  if (actor.type !== 'business') return { code: 'forbidden', message: API_MESSAGE.forbidden };
  if (!campaign || campaign.business_id !== actor.businessId)
    return { code: 'forbidden', message: API_MESSAGE.connectionOwnCampaignsOnly };
  if (campaign.status !== 'active')
    return { code: 'conflict', message: API_MESSAGE.connectionCampaignNotActive };
  return null;
}

/** Why an influencer may not apply to a campaign (it must be active), or null. */
export function applyRefusal(actor: Actor, campaign: { status: CampaignStatus } | undefined): Refusal | null {
  if (actor.type !== 'influencer') return { code: 'forbidden', message: API_MESSAGE.forbidden };
  // Influencers cannot see drafts or other unpublished campaigns: those are not found, not refused.
  if (!campaign || campaign.status === 'draft' || campaign.status === 'archived')
    return { code: 'not_found', message: API_MESSAGE.campaignNotFound };
  if (campaign.status !== 'active')
    return { code: 'conflict', message: API_MESSAGE.connectionApplyNotActive };
  return null;
}

/** What the client may offer this actor for this connection. */
export function abilities(
  actor: Actor,
  c: ConnectionFacts,
  extra: { campaignStatus: CampaignStatus; reviewed: boolean; canMessage: boolean },
): ConnectionAbilities {
  const can = (action: ConnectionAction) => 'to' in transition(actor, c, action, extra.campaignStatus);
  return {
    accept: can('accept'),
    decline: can('decline'),
    cancel: can('cancel'),
    complete: can('complete'),
    review: canReview(actor, c, extra.reviewed),
    message: extra.canMessage && sideOf(actor, c) !== null,
  };
}
