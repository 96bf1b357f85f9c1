import { formatUsd } from '@reach/contract/money';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { daysLeft, daysLeftUntil, formatCount, formatDate, formatDayRange, onFirstUse } from './format';
import { PAGE_SIZES, rangeLabel } from './paging';

describe('prices (spec §9: 2 decimals, thousands commas)', () => {
  it('formats cents as dollars', () => {
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(9_900)).toBe('$99.00');
    expect(formatUsd(129_950)).toBe('$1,299.50');
    expect(formatCount(2000)).toBe('2,000');
  });
});

describe('paging', () => {
  it('says which rows are shown', () => {
    expect(rangeLabel(1, PAGE_SIZES[0], 0)).toBe('No results');
    expect(rangeLabel(2, 10, 43)).toBe('Showing 11–20 of 43');
    expect(rangeLabel(5, 10, 43)).toBe('Showing 41–43 of 43');
  });
});

describe('days left', () => {
  const start = Date.parse('2026-03-14T10:00:00Z');
  const end = new Date(start + 7 * 86_400_000).toISOString();
  it.each([
    ['the moment a 7-day trial starts', 0, 7],
    ['a second after it started', 1_000, 7],
    ['later on day one', 23 * 3_600_000, 7],
    ['on day two', 24 * 3_600_000 + 1, 6],
    ['on the last day', 6 * 86_400_000 + 1, 1],
    ['a second before it ends', 7 * 86_400_000 - 1_000, 1],
    ['when it ends', 7 * 86_400_000, 0],
    ['days after it ended (never below 0)', 9 * 86_400_000, 0],
  ])('%s', (_, elapsed, expected) => {
    expect(daysLeft(end, start + elapsed)).toBe(expected);
  });
  it('is 0 without a date', () => {
    expect(daysLeft(null)).toBe(0);
    expect(daysLeft('not a date')).toBe(0);
  });
});

describe('calendar days show as stored in every time zone (issue 13)', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });
  it.each(['America/Los_Angeles', 'Pacific/Honolulu', 'UTC', 'Asia/Tokyo'])('in %s', (tz) => {
    process.env.TZ = tz;
    expect(formatDate('2026-03-14')).toBe('03/14/2026');
    expect(formatDate('2026-12-31')).toBe('12/31/2026');
    expect(daysLeftUntil('2026-03-14', new Date(2026, 2, 10, 23, 30))).toBe(4);
    expect(daysLeftUntil('2026-03-14', new Date(2026, 2, 14, 8))).toBe(0);
    expect(daysLeftUntil('2026-03-01', new Date(2026, 2, 14))).toBe(0);
  });
  it("an instant is shown in the viewer's zone, an invalid value as nothing", () => {
    process.env.TZ = 'America/Los_Angeles';
    expect(formatDate('2026-03-14T03:00:00Z')).toBe('03/13/2026');
    expect(formatDate('2026-02-30')).toBe('');
    expect(formatDate('soon')).toBe('');
    expect(formatDayRange('2026-03-14', null)).toBe('From 03/14/2026');
  });
});

describe('values built on first use (issue 17: no Intl formatter built when a module is evaluated)', () => {
  it('builds the value on the first call only, and returns that value after', () => {
    const make = vi.fn(() => ({ built: true }));
    const value = onFirstUse(make);
    expect(make).not.toHaveBeenCalled();
    const first = value();
    expect(value()).toBe(first);
    expect(make).toHaveBeenCalledTimes(1);
  });
});
