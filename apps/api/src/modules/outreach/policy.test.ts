import type { OutreachStatus } from '@reach/contract/outreach';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../actor';
import { canReadOutreach, type OutreachFacts, outreachStatus } from './policy';

const business = (businessId: number): Actor => ({
  type: 'business',
  userId: 100 + businessId,
  businessId,
});
const admin: Actor = { type: 'admin', userId: 1 };
const influencer: Actor = { type: 'influencer', userId: 9, influencerId: 9 };

describe('canReadOutreach', () => {
  it.each([
    ['the campaign’s business', business(7), { business_id: 7 }, true],
    ['another business', business(8), { business_id: 7 }, false],
    ['an admin', admin, { business_id: 7 }, true],
    ['an influencer', influencer, { business_id: 7 }, false],
    ['anyone, for a missing campaign', admin, undefined, false],
  ] as const)('%s', (_label, actor, campaign, expected) => {
    expect(canReadOutreach(actor, campaign)).toBe(expected);
  });
});

describe('outreachStatus', () => {
  const base: OutreachFacts = { delivery: 'sent', opened: false, signedUp: false, connectionStatus: null };
  it.each<[string, Partial<OutreachFacts>, OutreachStatus]>([
    ['never mailed', { delivery: 'none' }, 'not_sent'],
    ['waiting to be sent', { delivery: 'queued' }, 'queued'],
    ['sent', {}, 'sent'],
    ['bounced', { delivery: 'bounced' }, 'bounced'],
    ['failed', { delivery: 'failed' }, 'failed'],
    ['opened after it was sent', { opened: true }, 'opened'],
    ['signed up without a connection yet', { opened: true, signedUp: true }, 'signed_up'],
    ['a member invited in the app', { delivery: 'in_app', connectionStatus: 'invited' }, 'invited'],
    [
      'signed up through the link, not answered',
      { signedUp: true, connectionStatus: 'invited' },
      'signed_up',
    ],
    ['accepted', { signedUp: true, connectionStatus: 'accepted' }, 'accepted'],
    ['completed counts as accepted', { connectionStatus: 'completed' }, 'accepted'],
    ['declined', { signedUp: true, connectionStatus: 'declined' }, 'declined'],
    ['cancelled by the business', { connectionStatus: 'cancelled' }, 'cancelled'],
    ['the creator applied instead', { connectionStatus: 'applied' }, 'applied'],
    [
      'a failed mail whose creator joined anyway',
      { delivery: 'failed', connectionStatus: 'accepted' },
      'accepted',
    ],
  ])('%s', (_label, facts, expected) => {
    expect(outreachStatus({ ...base, ...facts })).toBe(expected);
  });
});
