import { formatUsd } from '@reach/contract/money';
import { describe, expect, it } from 'vitest';
import { formatCount } from './format';
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
