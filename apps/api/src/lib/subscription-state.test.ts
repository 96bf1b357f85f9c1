import { describe, expect, it } from 'vitest';
import { subscriptionState, trialDaysLeft } from './subscription-state';

const DAY = 86_400_000;
const start = new Date('2026-03-14T10:00:00Z');
const end = new Date(start.getTime() + 7 * DAY);
const at = (ms: number) => new Date(start.getTime() + ms);

describe('trial days left', () => {
  it.each([
    ['the moment a 7-day trial starts', 0, 7],
    ['a second after it started', 1_000, 7],
    ['later on day one', 23 * 3_600_000, 7],
    ['on day two', DAY + 1, 6],
    ['on the last day', 6 * DAY + 1, 1],
    ['a second before it ends', 7 * DAY - 1_000, 1],
    ['when it ends', 7 * DAY, 0],
    ['days after it ended (never below 0)', 9 * DAY, 0],
  ])('%s', (_, elapsed, expected) => {
    expect(trialDaysLeft(end, at(elapsed))).toBe(expected);
  });

  it('is 0 without an end date', () => {
    expect(trialDaysLeft(null, start)).toBe(0);
  });

  it('agrees with the trial flag: a running trial has at least 1 day left', () => {
    const row = {
      id: 1,
      plan: 'pro' as const,
      status: 'trialing' as const,
      trial_ends_at: end,
      current_period_end: null,
    };
    const now = at(7 * DAY - 1);
    expect(subscriptionState(row, now).metadata.trial).toBe(true);
    expect(trialDaysLeft(end, now)).toBe(1);
  });
});
