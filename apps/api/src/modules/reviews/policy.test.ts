import type { ReviewStatus } from '@reach/contract/admin-reviews';
import type { UserType } from '@reach/contract/constants';
import { API_MESSAGE } from '@reach/contract/messages';
import { describe, expect, it } from 'vitest';
import { reviewAbilities, reviewModerationRefusal } from './policy';

describe('reviewModerationRefusal', () => {
  const cases: [UserType, from: ReviewStatus, to: ReviewStatus, code: string | null][] = [
    ['admin', 'visible', 'hidden', null],
    ['admin', 'hidden', 'visible', null],
    ['admin', 'hidden', 'hidden', 'conflict'],
    ['admin', 'visible', 'visible', 'conflict'],
    ['business', 'visible', 'hidden', 'forbidden'],
    ['business', 'hidden', 'visible', 'forbidden'],
    ['influencer', 'visible', 'hidden', 'forbidden'],
    ['influencer', 'hidden', 'visible', 'forbidden'],
    // Who asks is checked first: nobody but an admin learns a review's status from the answer.
    ['business', 'hidden', 'hidden', 'forbidden'],
  ];
  it.each(cases)('%s: %s → %s', (actor, from, to, code) => {
    expect(reviewModerationRefusal(actor, { status: from }, to)?.code ?? null).toBe(code);
  });

  it('says what is wrong in a sentence', () => {
    expect(reviewModerationRefusal('admin', { status: 'hidden' }, 'hidden')?.message).toBe(
      API_MESSAGE.reviewAlreadyHidden,
    );
    expect(reviewModerationRefusal('admin', { status: 'visible' }, 'visible')?.message).toBe(
      API_MESSAGE.reviewAlreadyVisible,
    );
    expect(reviewModerationRefusal('influencer', { status: 'visible' }, 'hidden')?.message).toBe(
      API_MESSAGE.reviewModerationAdminOnly,
    );
  });
});

describe('reviewAbilities', () => {
  it('offers an admin the one move the status allows', () => {
    expect(reviewAbilities('admin', { status: 'visible' })).toEqual({ hide: true, show: false });
    expect(reviewAbilities('admin', { status: 'hidden' })).toEqual({ hide: false, show: true });
  });
  it('offers nothing to anyone else', () => {
    for (const type of ['business', 'influencer'] as const) {
      expect(reviewAbilities(type, { status: 'visible' })).toEqual({ hide: false, show: false });
      expect(reviewAbilities(type, { status: 'hidden' })).toEqual({ hide: false, show: false });
    }
  });
});
