import type { CampaignStatus } from '@reach/contract/campaigns';
import {
  CONNECTION_ACTIONS,
  CONNECTION_STATUSES,
  type ConnectionAction,
  type ConnectionSide,
  type ConnectionStatus,
} from '@reach/contract/connections';
import { API_MESSAGE } from '@reach/contract/messages';
import { describe, expect, it } from 'vitest';
import { type Actor, sideOf } from '../../actor';
import { canReview } from '../reviews/policy';
import { abilities, applyRefusal, type ConnectionFacts, canView, inviteRefusal, transition } from './policy';

const business: Actor = { userId: 1, type: 'business', businessId: 10 };
const otherBusiness: Actor = { userId: 2, type: 'business', businessId: 20 };
const influencer: Actor = { userId: 3, type: 'influencer', influencerId: 103 };
const otherInfluencer: Actor = { userId: 4, type: 'influencer', influencerId: 104 };
const admin: Actor = { userId: 5, type: 'admin' };

const facts = (status: ConnectionStatus, initiated_by: ConnectionSide = 'business'): ConnectionFacts => ({
  business_id: 10,
  influencer_user_id: 3,
  status,
  initiated_by,
});

type Outcome = ConnectionStatus | 'not_found' | 'forbidden' | 'conflict';
const outcome = (
  actor: Actor,
  c: ConnectionFacts,
  action: ConnectionAction,
  campaign: CampaignStatus = 'active',
) => {
  const r = transition(actor, c, action, campaign);
  return 'to' in r ? r.to : r.refusal.code;
};

describe('status machine', () => {
  // Every (status, action) for each side of an invitation (started by the business) on an active campaign.
  const invitation: Record<ConnectionStatus, Record<ConnectionAction, [Outcome, Outcome]>> = {
    // [business, influencer]
    invited: {
      accept: ['forbidden', 'accepted'],
      decline: ['forbidden', 'declined'],
      cancel: ['cancelled', 'cancelled'],
      complete: ['conflict', 'conflict'],
    },
    applied: {
      accept: ['forbidden', 'accepted'],
      decline: ['forbidden', 'declined'],
      cancel: ['cancelled', 'cancelled'],
      complete: ['conflict', 'conflict'],
    },
    accepted: {
      accept: ['conflict', 'conflict'],
      decline: ['conflict', 'conflict'],
      cancel: ['cancelled', 'cancelled'],
      complete: ['completed', 'forbidden'],
    },
    declined: {
      accept: ['conflict', 'conflict'],
      decline: ['conflict', 'conflict'],
      cancel: ['conflict', 'conflict'],
      complete: ['conflict', 'conflict'],
    },
    completed: {
      accept: ['conflict', 'conflict'],
      decline: ['conflict', 'conflict'],
      cancel: ['conflict', 'conflict'],
      complete: ['conflict', 'conflict'],
    },
    cancelled: {
      accept: ['conflict', 'conflict'],
      decline: ['conflict', 'conflict'],
      cancel: ['conflict', 'conflict'],
      complete: ['conflict', 'conflict'],
    },
  };
  const cases = CONNECTION_STATUSES.flatMap((status) =>
    CONNECTION_ACTIONS.map((action) => [status, action, ...invitation[status][action]] as const),
  );
  it.each(cases)(
    'invitation %s + %s → business %s, influencer %s',
    (status, action, asBusiness, asInfluencer) => {
      expect(outcome(business, facts(status, 'business'), action)).toBe(asBusiness);
      expect(outcome(influencer, facts(status, 'business'), action)).toBe(asInfluencer);
    },
  );

  it.each([
    // An application is answered by the business.
    ['applied', 'accept', business, 'accepted'],
    ['applied', 'decline', business, 'declined'],
    ['applied', 'accept', influencer, 'forbidden'],
    ['applied', 'decline', influencer, 'forbidden'],
    ['applied', 'cancel', influencer, 'cancelled'],
  ] as const)('application %s + %s by %o → %s', (status, action, actor, expected) => {
    expect(outcome(actor, facts(status, 'influencer'), action)).toBe(expected);
  });

  it('refuses strangers as not found, whatever the step', () => {
    for (const action of CONNECTION_ACTIONS) {
      expect(outcome(otherBusiness, facts('invited'), action)).toBe('not_found');
      expect(outcome(otherInfluencer, facts('accepted'), action)).toBe('not_found');
      expect(outcome(admin, facts('accepted'), action)).toBe('not_found');
    }
  });

  it('accepts only while the campaign is active', () => {
    expect(outcome(influencer, facts('invited'), 'accept', 'paused')).toBe('conflict');
    expect(outcome(influencer, facts('invited'), 'accept', 'completed')).toBe('conflict');
    expect(outcome(influencer, facts('invited'), 'decline', 'paused')).toBe('declined');
    expect(outcome(business, facts('accepted'), 'complete', 'completed')).toBe('completed');
  });

  it('words refusals for people', () => {
    const r = transition(influencer, facts('declined'), 'accept', 'active');
    expect('refusal' in r && r.refusal.message).toBe('A declined connection cannot be accepted.');
    const early = transition(business, facts('invited'), 'complete', 'active');
    expect('refusal' in early && early.refusal.message).toBe('An invited connection cannot be completed.');
    const turn = transition(business, facts('invited'), 'accept', 'active');
    expect('refusal' in turn && turn.refusal.message).toBe(API_MESSAGE.connectionNotYourTurn('accept'));
  });
});

describe('who sees and starts what', () => {
  it.each([
    [business, 'business'],
    [influencer, 'influencer'],
    [otherBusiness, null],
    [otherInfluencer, null],
    [admin, null],
  ] as const)('%o is on side %s', (actor, side) => {
    expect(sideOf(actor, facts('invited'))).toBe(side);
    expect(canView(actor, facts('invited'))).toBe(side !== null || actor.type === 'admin');
  });

  it.each([
    [business, { business_id: 10, status: 'active' }, null],
    [business, { business_id: 10, status: 'draft' }, 'conflict'],
    [business, { business_id: 10, status: 'paused' }, 'conflict'],
    [business, { business_id: 20, status: 'active' }, 'forbidden'],
    [business, { business_id: 20, status: 'draft' }, 'forbidden'],
    [business, undefined, 'forbidden'],
    [influencer, { business_id: 10, status: 'active' }, 'forbidden'],
  ] as const)('%o invites to %o → %s', (actor, campaign, refusal) => {
    expect(inviteRefusal(actor, campaign)?.code ?? null).toBe(refusal);
  });

  it.each([
    [influencer, { status: 'active' }, null],
    [influencer, { status: 'paused' }, 'conflict'],
    [influencer, { status: 'completed' }, 'conflict'],
    [influencer, { status: 'draft' }, 'not_found'],
    [influencer, undefined, 'not_found'],
    [business, { status: 'active' }, 'forbidden'],
  ] as const)('%o applies to %o → %s', (actor, campaign, refusal) => {
    expect(applyRefusal(actor, campaign)?.code ?? null).toBe(refusal);
  });
});

describe('reviews and abilities', () => {
  it.each([
    [business, 'completed', false, true],
    [influencer, 'completed', false, true],
    [business, 'completed', true, false],
    [business, 'accepted', false, false],
    [otherBusiness, 'completed', false, false],
    [admin, 'completed', false, false],
  ] as const)('%o reviews a %s connection (reviewed %s) → %s', (actor, status, reviewed, allowed) => {
    expect(canReview(actor, facts(status), reviewed)).toBe(allowed);
  });

  it('offers each side only its next steps', () => {
    const extra = { campaignStatus: 'active' as const, reviewed: false, canMessage: true };
    expect(abilities(influencer, facts('invited'), extra)).toEqual({
      accept: true,
      decline: true,
      cancel: true,
      complete: false,
      review: false,
      message: true,
    });
    expect(abilities(business, facts('invited'), extra)).toEqual({
      accept: false,
      decline: false,
      cancel: true,
      complete: false,
      review: false,
      message: true,
    });
    expect(abilities(business, facts('accepted'), extra).complete).toBe(true);
    expect(abilities(business, facts('completed'), extra)).toMatchObject({ cancel: false, review: true });
    expect(abilities(admin, facts('accepted'), extra)).toMatchObject({ cancel: false, message: false });
  });
});
