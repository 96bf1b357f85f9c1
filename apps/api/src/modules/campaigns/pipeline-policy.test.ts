import type { ConnectionStatus } from '@reach/contract/connections';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../actor';
import {
  type CampaignTerms,
  type CreatorFacts,
  canSeePipeline,
  committedCents,
  pipelineStep,
  remainingCents,
} from './pipeline-policy';

const cash: CampaignTerms = {
  type_id: 2,
  status: 'active',
  amount_per_post_cents: 10_000,
  max_posts_per_influencer: 2,
};
const product: CampaignTerms = {
  type_id: 1,
  status: 'active',
  amount_per_post_cents: null,
  max_posts_per_influencer: null,
};
const creator = (
  connectionStatus: ConnectionStatus,
  posts: Partial<CreatorFacts['posts']> = {},
): CreatorFacts => ({
  connectionStatus,
  posts: { submitted: 0, approved: 0, rejected: 0, paid: 0, ...posts },
});

describe('pipelineStep', () => {
  const cases: [string, CreatorFacts, CampaignTerms, string, string, string][] = [
    ['invited', creator('invited'), cash, 'invited', 'answer_invitation', 'creator'],
    ['applied', creator('applied'), cash, 'applied', 'review_application', 'business'],
    ['declined', creator('declined'), cash, 'declined', 'none', 'none'],
    ['cancelled', creator('cancelled', { approved: 1 }), cash, 'declined', 'none', 'none'],
    ['accepted, no posts', creator('accepted'), cash, 'accepted', 'submit_content', 'creator'],
    [
      'accepted, rejected',
      creator('accepted', { rejected: 1 }),
      cash,
      'accepted',
      'resubmit_content',
      'creator',
    ],
    [
      'accepted, submitted',
      creator('accepted', { submitted: 1, paid: 1, approved: 1 }),
      cash,
      'content_submitted',
      'review_content',
      'business',
    ],
    [
      'paid under max',
      creator('accepted', { approved: 1, paid: 1 }),
      cash,
      'paid',
      'submit_more_content',
      'creator',
    ],
    [
      'paid at max',
      creator('accepted', { approved: 2, paid: 2 }),
      cash,
      'paid',
      'complete_collaboration',
      'business',
    ],
    [
      'paid, campaign paused',
      creator('accepted', { approved: 1, paid: 1 }),
      { ...cash, status: 'paused' },
      'paid',
      'complete_collaboration',
      'business',
    ],
    [
      'approved on a product campaign',
      creator('accepted', { approved: 1 }),
      product,
      'approved',
      'complete_collaboration',
      'business',
    ],
    ['completed with payment', creator('completed', { approved: 1, paid: 1 }), cash, 'paid', 'none', 'none'],
    ['completed without payment', creator('completed', { approved: 1 }), product, 'approved', 'none', 'none'],
  ];
  it.each(cases)('%s', (_name, facts, terms, stage, next, waitingOn) => {
    expect(pipelineStep(facts, terms)).toEqual({ stage, next, waitingOn });
  });
});

describe('committedCents', () => {
  const cases: [string, CreatorFacts, CampaignTerms, number][] = [
    ['accepted, nothing paid: max posts × amount', creator('accepted'), cash, 20_000],
    ['accepted, one paid', creator('accepted', { paid: 1, approved: 1 }), cash, 10_000],
    ['accepted, all paid', creator('accepted', { paid: 2, approved: 2 }), cash, 0],
    ['no maximum: one post', creator('accepted'), { ...cash, max_posts_per_influencer: null }, 10_000],
    ['no amount per post', creator('accepted'), { ...cash, amount_per_post_cents: null }, 0],
    ['product campaign', creator('accepted'), product, 0],
    ['combination campaign', creator('accepted'), { ...cash, type_id: 3 }, 20_000],
    ['invited', creator('invited'), cash, 0],
    ['applied', creator('applied'), cash, 0],
    ['declined', creator('declined'), cash, 0],
    ['completed', creator('completed', { paid: 1 }), cash, 0],
  ];
  it.each(cases)('%s', (_name, facts, terms, cents) => {
    expect(committedCents(facts, terms)).toBe(cents);
  });
});

describe('access and remaining', () => {
  const cases: [string, Actor, boolean][] = [
    ['owner', { type: 'business', userId: 1, businessId: 10 }, true],
    ['other business', { type: 'business', userId: 2, businessId: 20 }, false],
    ['admin', { type: 'admin', userId: 3 }, true],
    ['influencer', { type: 'influencer', userId: 4, influencerId: 40 }, false],
  ];
  it.each(cases)('%s', (_name, actor, allowed) => {
    expect(canSeePipeline(actor, { business_id: 10 })).toBe(allowed);
  });

  it('remaining = funded − refunded − spent − committed, below 0 when over-committed', () => {
    expect(remainingCents({ funded: 100_000, spent: 10_000, refunded: 0 }, 30_000)).toBe(60_000);
    expect(remainingCents({ funded: 100_000, spent: 0, refunded: 50_000 }, 0)).toBe(50_000);
    expect(remainingCents({ funded: 10_000, spent: 0, refunded: 0 }, 20_000)).toBe(-10_000);
  });
});
