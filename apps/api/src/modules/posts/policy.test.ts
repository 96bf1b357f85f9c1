import type { CampaignStatus } from '@reach/contract/campaigns';
import type { ConnectionStatus } from '@reach/contract/connections';
import { API_MESSAGE } from '@reach/contract/messages';
import { POST_STATUSES, type PostStatus } from '@reach/contract/posts';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../actor';
import {
  abilities,
  canView,
  type PostFacts,
  paymentRefusal,
  refreshMetricsRefusal,
  resubmitRefusal,
  reviewRefusal,
  submitRefusal,
} from './policy';

const business: Actor = { userId: 1, type: 'business', businessId: 10 };
const otherBusiness: Actor = { userId: 2, type: 'business', businessId: 20 };
const influencer: Actor = { userId: 3, type: 'influencer', influencerId: 103 };
const otherInfluencer: Actor = { userId: 4, type: 'influencer', influencerId: 104 };
const admin: Actor = { userId: 5, type: 'admin' };
const actors = { business, otherBusiness, influencer, otherInfluencer, admin };

const post = (status: PostStatus): PostFacts => ({ business_id: 10, influencer_user_id: 3, status });
const code = (r: { code: string } | null) => (r ? r.code : 'ok');

describe('visibility', () => {
  it.each([
    ['business', true],
    ['otherBusiness', false],
    ['influencer', true],
    ['otherInfluencer', false],
    ['admin', true],
  ] as const)('%s sees the post: %s', (who, expected) => {
    expect(canView(actors[who], post('submitted'))).toBe(expected);
  });
});

describe('submit', () => {
  const connection = (status: ConnectionStatus, campaign_status: CampaignStatus = 'active') => ({
    influencer_user_id: 3,
    status,
    campaign_status,
  });
  it.each([
    ['influencer', 'accepted', 'active', 'ok'],
    ['influencer', 'invited', 'active', 'conflict'],
    ['influencer', 'applied', 'active', 'conflict'],
    ['influencer', 'completed', 'active', 'conflict'],
    ['influencer', 'declined', 'active', 'conflict'],
    ['influencer', 'cancelled', 'active', 'conflict'],
    ['influencer', 'accepted', 'paused', 'conflict'],
    ['influencer', 'accepted', 'completed', 'conflict'],
    ['otherInfluencer', 'accepted', 'active', 'not_found'],
    ['business', 'accepted', 'active', 'forbidden'],
    ['admin', 'accepted', 'active', 'forbidden'],
  ] as const)('%s on a %s connection of a %s campaign → %s', (who, status, campaign, expected) => {
    expect(code(submitRefusal(actors[who], connection(status, campaign)))).toBe(expected);
  });
  it('explains why', () => {
    expect(submitRefusal(influencer, connection('invited'))?.message).toBe(
      API_MESSAGE.postConnectionNotAccepted,
    );
    expect(submitRefusal(influencer, connection('accepted', 'paused'))?.message).toBe(
      API_MESSAGE.postCampaignNotActive,
    );
    expect(submitRefusal(influencer, undefined)?.message).toBe(API_MESSAGE.postConnectionNotFound);
  });
});

describe('review (approve / reject)', () => {
  // [business, otherBusiness, influencer, otherInfluencer, admin] for each status.
  const table: Record<PostStatus, [string, string, string, string, string]> = {
    submitted: ['ok', 'not_found', 'forbidden', 'not_found', 'forbidden'],
    approved: ['conflict', 'not_found', 'forbidden', 'not_found', 'forbidden'],
    rejected: ['conflict', 'not_found', 'forbidden', 'not_found', 'forbidden'],
  };
  for (const status of POST_STATUSES) {
    it(`a ${status} post`, () => {
      const got = (['business', 'otherBusiness', 'influencer', 'otherInfluencer', 'admin'] as const).map(
        (who) => code(reviewRefusal(actors[who], post(status), 'approved')),
      );
      expect(got).toEqual(table[status]);
    });
  }
  it('says which status blocks it', () => {
    expect(reviewRefusal(business, post('rejected'), 'approved')?.message).toBe(
      'A rejected post cannot be approved.',
    );
    expect(reviewRefusal(business, post('approved'), 'rejected')?.message).toBe(
      'An approved post cannot be rejected.',
    );
  });
});

describe('resubmit', () => {
  const ctx = (
    connectionStatus: ConnectionStatus = 'accepted',
    campaignStatus: CampaignStatus = 'active',
  ) => ({
    connectionStatus,
    campaignStatus,
  });
  it.each([
    ['influencer', 'rejected', ctx(), 'ok'],
    ['influencer', 'submitted', ctx(), 'conflict'],
    ['influencer', 'approved', ctx(), 'conflict'],
    ['influencer', 'rejected', ctx('cancelled'), 'conflict'],
    ['influencer', 'rejected', ctx('accepted', 'completed'), 'conflict'],
    ['otherInfluencer', 'rejected', ctx(), 'not_found'],
    ['business', 'rejected', ctx(), 'forbidden'],
    ['otherBusiness', 'rejected', ctx(), 'not_found'],
  ] as const)('%s, %s post → %s', (who, status, context, expected) => {
    expect(code(resubmitRefusal(actors[who], post(status as PostStatus), context))).toBe(expected);
  });
});

describe('payment', () => {
  const campaign = (type_id: number, amount: number | null, max: number | null) => ({
    type_id,
    amount_per_post_cents: amount,
    max_posts_per_influencer: max,
  });
  it.each([
    [1, null, null, 0, 'ok'],
    [1, null, 1, 5, 'ok'],
    [2, 5_000, 2, 0, 'ok'],
    [2, 5_000, 2, 1, 'ok'],
    [2, 5_000, 2, 2, 'conflict'],
    [3, 5_000, 1, 1, 'conflict'],
    [3, 5_000, null, 50, 'ok'],
    [2, null, 2, 0, 'conflict'],
  ] as const)('type %i, %s per post, max %s, %i paid → %s', (type, amount, max, paid, expected) => {
    expect(code(paymentRefusal(campaign(type, amount, max), paid))).toBe(expected);
  });
  it('names the limit', () => {
    expect(paymentRefusal(campaign(2, 5_000, 2), 2)?.message).toBe(API_MESSAGE.postMaxPostsReached(2));
    expect(API_MESSAGE.postMaxPostsReached(1)).toContain('1 paid post on');
  });
});

describe('abilities', () => {
  const open = { connectionStatus: 'accepted' as const, campaignStatus: 'active' as const };
  it('business may approve and reject a submitted post only', () => {
    expect(abilities(business, post('submitted'), open)).toEqual({
      approve: true,
      reject: true,
      resubmit: false,
      refresh_metrics: true,
    });
    expect(abilities(business, post('approved'), open)).toEqual({
      approve: false,
      reject: false,
      resubmit: false,
      refresh_metrics: true,
    });
  });
  it('influencer may resubmit a rejected post only', () => {
    expect(abilities(influencer, post('rejected'), open)).toEqual({
      approve: false,
      reject: false,
      resubmit: true,
      refresh_metrics: false,
    });
    expect(abilities(influencer, post('submitted'), open)).toEqual({
      approve: false,
      reject: false,
      resubmit: false,
      refresh_metrics: false,
    });
  });
  it('admins review nothing; they may refresh the metrics of a post that is not rejected', () => {
    for (const s of POST_STATUSES)
      expect(abilities(admin, post(s), open)).toEqual({
        approve: false,
        reject: false,
        resubmit: false,
        refresh_metrics: s !== 'rejected',
      });
  });
});

describe('refresh metrics', () => {
  it.each([
    ['business', 'submitted', 'ok'],
    ['business', 'approved', 'ok'],
    ['business', 'rejected', 'conflict'],
    ['admin', 'approved', 'ok'],
    ['admin', 'rejected', 'conflict'],
    ['influencer', 'approved', 'forbidden'],
    ['otherBusiness', 'approved', 'not_found'],
    ['otherInfluencer', 'approved', 'not_found'],
  ] as const)('%s, post %s → %s', (who, status, expected) => {
    expect(code(refreshMetricsRefusal(actors[who], post(status)))).toBe(expected);
  });
});
