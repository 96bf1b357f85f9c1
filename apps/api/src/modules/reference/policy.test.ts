import { describe, expect, it } from 'vitest';
import {
  countryDeletionRefusal,
  interestDeletionRefusal,
  stateDeletionRefusal,
  usageSentence,
} from './policy';

describe('usageSentence', () => {
  it.each([
    [[], ''],
    [[[0, 'campaign', 'campaigns']], ''],
    [[[1, 'campaign', 'campaigns']], '1 campaign'],
    [
      [
        [2, 'campaign', 'campaigns'],
        [0, 'influencer', 'influencers'],
      ],
      '2 campaigns',
    ],
    [
      [
        [2, 'campaign', 'campaigns'],
        [1, 'influencer', 'influencers'],
      ],
      '2 campaigns and 1 influencer',
    ],
    [
      [
        [1200, 'state', 'states'],
        [3, 'business', 'businesses'],
        [1, 'influencer', 'influencers'],
      ],
      '1,200 states, 3 businesses and 1 influencer',
    ],
  ] as [[number, string, string][], string][])('%j → %s', (parts, sentence) => {
    expect(usageSentence(parts)).toBe(sentence);
  });
});

describe('deletion refusals', () => {
  it('allows deleting only what nothing uses', () => {
    expect(interestDeletionRefusal({ campaigns: 0, influencers: 0 })).toBeNull();
    expect(stateDeletionRefusal({ businesses: 0, influencers: 0 })).toBeNull();
    expect(countryDeletionRefusal({ states: 0, influencers: 0 })).toBeNull();
  });

  it('says what uses it', () => {
    expect(interestDeletionRefusal({ campaigns: 2, influencers: 1 })).toBe(
      'This interest is used by 2 campaigns and 1 influencer. Remove it from them before deleting it.',
    );
    expect(stateDeletionRefusal({ businesses: 1, influencers: 0 })).toBe(
      'This state is used by 1 business. Change their addresses before deleting it.',
    );
    expect(countryDeletionRefusal({ states: 51, influencers: 4 })).toBe(
      'This country is used by 51 states and 4 influencers. Move or delete them before deleting it.',
    );
  });
});
