import { describe, expect, it } from 'vitest';
import type { Actor } from '../../actor';
import {
  changeOf,
  mayReadPlatformTotals,
  platformPeriod,
  resultsBusinessOf,
  resultWeeks,
  roasOf,
} from './policy';

const business: Actor = { type: 'business', userId: 1, businessId: 7 };
const influencer: Actor = { type: 'influencer', userId: 2, influencerId: 3 };
const admin: Actor = { type: 'admin', userId: 4 };

describe('who reads which figures', () => {
  it.each([
    [business, false, 7],
    [influencer, false, null],
    [admin, true, null],
  ] as const)('%o → platform totals %s, results of business %s', (actor, totals, results) => {
    expect(mayReadPlatformTotals(actor)).toBe(totals);
    expect(resultsBusinessOf(actor)).toBe(results);
  });
});

describe('platformPeriod', () => {
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  it.each([
    [
      'last_7_days',
      '2026-11-25T09:00:00.000Z',
      '2026-11-18T09:00:00.000Z',
      '2026-11-11T09:00:00.000Z',
      '2026-11-18T09:00:00.000Z',
    ],
    [
      'last_30_days',
      '2026-11-25T09:00:00.000Z',
      '2026-10-26T09:00:00.000Z',
      '2026-09-26T09:00:00.000Z',
      '2026-10-26T09:00:00.000Z',
    ],
    // This month against the same elapsed time of the month before.
    [
      'this_month',
      '2026-11-25T09:00:00.000Z',
      '2026-11-01T00:00:00.000Z',
      '2026-10-01T00:00:00.000Z',
      '2026-10-25T09:00:00.000Z',
    ],
    // …cut at the end of a shorter month before (February after March 31).
    [
      'this_month',
      '2026-03-31T12:00:00.000Z',
      '2026-03-01T00:00:00.000Z',
      '2026-02-01T00:00:00.000Z',
      '2026-03-01T00:00:00.000Z',
    ],
    // January compares with December of the year before.
    [
      'this_month',
      '2027-01-02T00:00:00.000Z',
      '2027-01-01T00:00:00.000Z',
      '2026-12-01T00:00:00.000Z',
      '2026-12-02T00:00:00.000Z',
    ],
    ['all_time', '2026-11-25T09:00:00.000Z', null, null, null],
  ] as const)('%s at %s → from %s, previous [%s, %s)', (period, now, from, previousFrom, previousTo) => {
    const range = platformPeriod(period, new Date(now));
    expect([iso(range.from), iso(range.previousFrom), iso(range.previousTo)]).toEqual([
      from,
      previousFrom,
      previousTo,
    ]);
  });

  it('the weeks of the business results: the last 7 days and the 7 before', () => {
    const weeks = resultWeeks(new Date('2026-11-25T09:00:00.000Z'));
    expect(weeks.thisWeekFrom.toISOString()).toBe('2026-11-18T09:00:00.000Z');
    expect(weeks.previousWeekFrom.toISOString()).toBe('2026-11-11T09:00:00.000Z');
  });
});

describe('changeOf', () => {
  it.each([
    [10, 5, 5, 100],
    [5, 10, -5, -50],
    [7, 7, 0, 0],
    [3, 0, 3, null],
    [0, 0, 0, null],
    [2, 3, -1, -33.3],
  ])('%i against %i → %i (%s %)', (current, previous, change, pct) => {
    expect(changeOf(current, previous)).toEqual({ change, change_pct: pct });
  });
});

describe('roasOf', () => {
  it.each([
    [50_000, 20_000, [], 2.5, null],
    [10_000, 30_000, [], 0.33, null],
    [0, 12_500, [], 0, null],
    [50_000, 0, [], null, 'No spend: nothing was paid to creators, so there is no ratio.'],
    [0, 0, ['EUR'], null, 'No spend: nothing was paid to creators, so there is no ratio.'],
    [10_000, 5_000, ['EUR', 'JPY'], 2, 'USD revenue only: revenue in EUR, JPY is not converted.'],
  ])('revenue %i, spend %i, others %o → %s (%s)', (revenue, spend, others, value, reason) => {
    expect(roasOf(revenue, spend, others)).toEqual({ value, reason });
  });
});
