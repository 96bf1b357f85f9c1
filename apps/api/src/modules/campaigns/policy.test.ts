import {
  CAMPAIGN_ACTIONS,
  CAMPAIGN_STATUSES,
  type CampaignAction,
  type CampaignStatus,
} from '@reach/contract/campaigns';
import { API_MESSAGE } from '@reach/contract/messages';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../actor';
import {
  abilities,
  BRIEF_NOTICE_QUIET_MS,
  briefChanges,
  briefNoticeDue,
  canChangeMedia,
  canMessage,
  canView,
  earliestToday,
  endDateShortened,
  lockedFields,
  type PublishableCampaign,
  publishProblems,
  publishRefusal,
  recordsBriefRevisions,
  threadAccess,
  transitionTarget,
} from './policy';

const owner: Actor = { userId: 1, type: 'business', businessId: 10 };
const otherBusiness: Actor = { userId: 2, type: 'business', businessId: 20 };
const influencer: Actor = { userId: 3, type: 'influencer', influencerId: 103 };
const admin: Actor = { userId: 4, type: 'admin' };
const at = (status: CampaignStatus) => ({ business_id: 10, status });

describe('status machine', () => {
  // Every (status, action) pair: the expected target, or null for a refused transition.
  const expected: Record<CampaignStatus, Record<CampaignAction, CampaignStatus | null>> = {
    draft: { publish: 'active', pause: null, resume: null, complete: null, archive: 'archived' },
    active: { publish: null, pause: 'paused', resume: null, complete: 'completed', archive: null },
    paused: { publish: null, pause: null, resume: 'active', complete: 'completed', archive: 'archived' },
    completed: { publish: null, pause: null, resume: null, complete: null, archive: 'archived' },
    archived: { publish: null, pause: null, resume: null, complete: null, archive: null },
  };
  const cases = CAMPAIGN_STATUSES.flatMap((status) =>
    CAMPAIGN_ACTIONS.map((action) => [status, action, expected[status][action]] as const),
  );
  it.each(cases)('%s + %s → %s', (status, action, target) => {
    expect(transitionTarget(status, action)).toBe(target);
  });

  it('words a refusal with the right article', () => {
    expect(API_MESSAGE.campaignTransition('active', 'published')).toBe(
      'An active campaign cannot be published.',
    );
    expect(API_MESSAGE.campaignTransition('completed', 'paused')).toBe(
      'A completed campaign cannot be paused.',
    );
  });
});

describe('visibility', () => {
  it.each([
    // actor, status, has a thread, may view
    [owner, 'draft', false, true],
    [owner, 'archived', false, true],
    [otherBusiness, 'active', false, false],
    [otherBusiness, 'draft', false, false],
    [admin, 'draft', false, true],
    [admin, 'archived', false, true],
    [influencer, 'draft', false, false],
    [influencer, 'draft', true, false],
    [influencer, 'active', false, true],
    [influencer, 'paused', false, false],
    [influencer, 'paused', true, true],
    [influencer, 'completed', true, true],
    [influencer, 'archived', true, false],
  ] as const)('%o on %s (thread %s) → %s', (actor, status, thread, visible) => {
    expect(canView(actor, at(status), thread)).toBe(visible);
  });
});

describe('threads', () => {
  it.each([
    // actor, status, thread asked for, has a thread → access
    [owner, 'active', undefined, false, 'ok'],
    [owner, 'active', 3, false, 'ok'],
    [admin, 'completed', 3, false, 'ok'],
    [otherBusiness, 'active', 3, false, 'not_found'],
    [influencer, 'active', undefined, false, 'ok'],
    [influencer, 'active', 3, false, 'ok'],
    [influencer, 'active', 99, false, 'forbidden'],
    [influencer, 'paused', undefined, false, 'not_found'],
    [influencer, 'paused', undefined, true, 'ok'],
    [influencer, 'draft', undefined, false, 'not_found'],
  ] as const)('%o on %s, thread %s (has thread %s) → %s', (actor, status, thread, has, access) => {
    expect(threadAccess(actor, at(status), { threadInfluencerId: thread, hasThread: has })).toBe(access);
  });

  it.each([
    [owner, 'draft', false, false],
    [owner, 'active', false, true],
    [owner, 'completed', false, true],
    [owner, 'archived', false, false],
    [admin, 'paused', false, true],
    [otherBusiness, 'active', false, false],
    [influencer, 'active', false, true],
    [influencer, 'paused', false, false],
    [influencer, 'paused', true, true],
  ] as const)('%o may write on %s (thread %s) → %s', (actor, status, has, allowed) => {
    expect(canMessage(actor, at(status), has)).toBe(allowed);
  });
});

describe('editing', () => {
  it.each([
    ['draft', ['title', 'type_id', 'product_name'], []],
    ['paused', ['title', 'total_budget_cents'], []],
    ['active', ['description', 'end_date', 'talking_points'], []],
    ['active', ['title', 'description', 'total_budget_cents'], ['title', 'total_budget_cents']],
    ['active', ['interests'], ['interests']],
    ['completed', ['description'], ['description']],
    ['archived', ['end_date'], ['end_date']],
  ] as const)('%s changing %o locks %o', (status, changed, locked) => {
    expect(lockedFields(status, changed)).toEqual(locked);
  });

  it('gives the owner the abilities of the status and others none', () => {
    expect(abilities(owner, at('draft'), false)).toEqual({
      update: true,
      publish: true,
      pause: false,
      resume: false,
      complete: false,
      archive: true,
      duplicate: true,
      delete: true,
      media: true,
      message: false,
      fund: false,
    });
    // Funding is for the owner only, when the payments rules allow it.
    expect(abilities(owner, at('draft'), false, true).fund).toBe(true);
    expect(abilities(otherBusiness, at('draft'), false, true).fund).toBe(false);
    expect(abilities(owner, at('active'), false)).toMatchObject({
      update: true,
      pause: true,
      complete: true,
      archive: false,
      delete: false,
      media: true,
      message: true,
    });
    expect(abilities(owner, at('archived'), false)).toMatchObject({
      update: false,
      duplicate: true,
      archive: false,
    });
    expect(Object.values(abilities(influencer, at('active'), false)).filter(Boolean)).toHaveLength(1);
    expect(abilities(admin, at('active'), false)).toMatchObject({
      update: false,
      publish: false,
      message: true,
    });
  });
});

describe('publishing', () => {
  const today = '2026-11-22';
  const complete: PublishableCampaign = {
    type_id: 3,
    title: 'Glow',
    start_date: '2026-11-22',
    end_date: '2026-12-22',
    description: 'A launch',
    brand_overview: null,
    objectives: null,
    talking_points: null,
    post_requirements: null,
    url_tracking: false,
    tracker_url: null,
    product_name: 'Serum',
    product_amount_cents: 4800,
    product_description: 'Brightening',
    product_link: null,
    total_budget_cents: 100_000,
    amount_per_post_cents: 10_000,
    max_posts_per_influencer: 2,
  };
  const empty = Object.fromEntries(
    Object.keys(complete).map((k) => [k, null]),
  ) as unknown as PublishableCampaign;

  it.each([
    ['a complete combination', complete, [], {}],
    [
      'an empty product campaign',
      { ...empty, type_id: 1, url_tracking: false },
      [
        'title',
        'start_date',
        'end_date',
        'description',
        'product_name',
        'product_amount_cents',
        'product_description',
      ],
      {},
    ],
    [
      'an empty cash campaign',
      { ...empty, type_id: 2, url_tracking: false },
      [
        'title',
        'start_date',
        'end_date',
        'description',
        'total_budget_cents',
        'amount_per_post_cents',
        'max_posts_per_influencer',
      ],
      {},
    ],
    ['a cash campaign without product fields', { ...complete, type_id: 2, product_name: null }, [], {}],
    ['URL tracking without a tracker URL', { ...complete, url_tracking: true }, ['tracker_url'], {}],
    [
      'dates out of order',
      { ...complete, start_date: '2026-12-01', end_date: '2026-11-30' },
      [],
      { end_date: API_MESSAGE.campaignDatesOrder },
    ],
    [
      'an end date in the past',
      { ...complete, start_date: '2026-11-01', end_date: '2026-11-21' },
      [],
      { end_date: API_MESSAGE.campaignEndDatePast },
    ],
    ['an end date of today', { ...complete, start_date: '2026-11-01', end_date: today }, [], {}],
    [
      'amount per post above the budget',
      { ...complete, amount_per_post_cents: 100_001 },
      [],
      { amount_per_post_cents: API_MESSAGE.campaignAmountExceedsBudget },
    ],
    ['amount per post equal to the budget', { ...complete, amount_per_post_cents: 100_000 }, [], {}],
    [
      'a product campaign with a stale budget',
      { ...complete, type_id: 1, amount_per_post_cents: 999_999 },
      [],
      {},
    ],
  ] as const)('%s', (_name, campaign, missing, invalid) => {
    expect(publishProblems(campaign as PublishableCampaign, today)).toEqual({ missing, invalid });
  });

  it('refuses with the missing fields listed first, else the first invalid field', () => {
    expect(publishRefusal({ missing: [], invalid: {} })).toBeNull();
    expect(publishRefusal({ missing: ['title', 'product_name'], invalid: { end_date: 'x' } })).toEqual({
      message: 'Please fill in these fields before publishing: Title, Product name.',
      fields: {
        title: API_MESSAGE.campaignRequiredToPublish,
        product_name: API_MESSAGE.campaignRequiredToPublish,
        end_date: 'x',
      },
    });
    expect(
      publishRefusal({
        missing: [],
        invalid: { amount_per_post_cents: API_MESSAGE.campaignAmountExceedsBudget },
      }),
    ).toEqual({
      message: 'The amount per post cannot be more than the total budget.',
      fields: { amount_per_post_cents: API_MESSAGE.campaignAmountExceedsBudget },
    });
  });

  it('takes "today" as the date still current somewhere on earth', () => {
    expect(earliestToday(new Date('2026-11-22T05:00:00Z'))).toBe('2026-11-21');
    expect(earliestToday(new Date('2026-11-22T13:00:00Z'))).toBe('2026-11-22');
  });
});

describe('brief of a published campaign', () => {
  it.each([
    ['draft', true, false],
    ['active', true, true],
    ['paused', true, true],
    ['completed', false, false],
    ['archived', false, false],
  ] as const)('%s: media may change %s, changes are revisions %s', (status, media, revisions) => {
    expect(canChangeMedia(status)).toBe(media);
    expect(recordsBriefRevisions(status)).toBe(revisions);
  });

  it.each([
    ['active', '2026-12-10', '2026-12-20', false],
    ['active', '2026-12-10', '2026-12-10', false],
    ['active', '2026-12-10', '2026-12-09', true],
    ['active', '2026-12-10', null, true],
    ['active', null, '2026-12-01', false],
    ['paused', '2026-12-10', '2026-12-01', false],
    ['draft', '2026-12-10', '2026-12-01', false],
  ] as const)('%s: end date %s → %s shortens it: %s', (status, before, after, shortened) => {
    expect(endDateShortened(status, before, after)).toBe(shortened);
  });

  const now = new Date('2026-11-25T12:00:00Z');
  it.each([
    [null, true],
    [new Date(now.getTime() - BRIEF_NOTICE_QUIET_MS), true],
    [new Date(now.getTime() - BRIEF_NOTICE_QUIET_MS + 1), false],
    [new Date(now.getTime() - 1000), false],
    [new Date(now.getTime() - 86_400_000), true],
  ])('previous revision at %s: notice due %s', (previous, due) => {
    expect(briefNoticeDue(previous, now)).toBe(due);
  });

  it('records the changed fields in form order with old and new values, interest ids sorted', () => {
    expect(
      briefChanges(
        ['post_requirements', 'interests', 'description'],
        { description: 'Old', post_requirements: null, interests: [3, 1], title: 'Same' },
        { description: 'New', post_requirements: 'One Reel', interests: [2, 1], title: 'Same' },
      ),
    ).toEqual([
      { field: 'interests', old: [1, 3], new: [1, 2] },
      { field: 'description', old: 'Old', new: 'New' },
      { field: 'post_requirements', old: null, new: 'One Reel' },
    ]);
    expect(briefChanges([], { description: 'a' }, { description: 'b' })).toEqual([]);
  });
});
