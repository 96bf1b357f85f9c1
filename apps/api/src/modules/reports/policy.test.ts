import { describe, expect, it } from 'vitest';
import type { Actor } from '../../actor';
import { creatorReportScope, mayReadCampaignReport } from './policy';

const owner: Actor = { type: 'business', userId: 10, businessId: 1 };
const other: Actor = { type: 'business', userId: 11, businessId: 2 };
const admin: Actor = { type: 'admin', userId: 1 };
const creator: Actor = { type: 'influencer', userId: 20, influencerId: 5 };

describe('mayReadCampaignReport', () => {
  it.each([
    ['the owner', owner, true],
    ['another business', other, false],
    ['an admin', admin, true],
    ['a creator', creator, false],
  ] as const)('%s → %s', (_name, actor, allowed) => {
    expect(mayReadCampaignReport(actor, { business_id: 1 })).toBe(allowed);
  });
});

describe('creatorReportScope', () => {
  it.each([
    ['a business, naming none', owner, undefined, { businessId: 1 }],
    ['a business, naming itself', owner, 1, { businessId: 1 }],
    ['a business, naming another', owner, 2, { refused: 'not_found' }],
    ['an admin, naming a business', admin, 2, { businessId: 2 }],
    ['an admin, naming none', admin, undefined, { refused: 'validation', message: expect.any(String) }],
    ['a creator', creator, 1, { refused: 'forbidden' }],
  ] as const)('%s', (_name, actor, requested, scope) => {
    expect(creatorReportScope(actor, requested)).toEqual(scope);
  });
});
