import { describe, expect, it } from 'vitest';
import { isLowBudget } from './campaign-results';

const budget = (total: number | null, funded: number, remaining: number) => ({
  total_budget_cents: total,
  funded_cents: funded,
  refunded_cents: 0,
  committed_cents: 0,
  spent_cents: funded - remaining,
  remaining_cents: remaining,
});

describe('isLowBudget', () => {
  it.each([
    [budget(100_000, 100_000, 100_000), false],
    [budget(100_000, 100_000, 20_000), false],
    [budget(100_000, 100_000, 19_999), true],
    [budget(100_000, 100_000, 0), true],
    [budget(100_000, 100_000, -500), true],
    [budget(null, 50_000, 9_000), true],
    [budget(null, 50_000, 10_000), false],
    [budget(null, 0, 0), false],
    [budget(0, 0, 0), false],
  ])('%o → %s', (b, low) => {
    expect(isLowBudget(b)).toBe(low);
  });
});
