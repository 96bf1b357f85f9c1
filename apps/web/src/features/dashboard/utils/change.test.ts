import { formatUsd } from '@reach/contract/money';
import { describe, expect, it } from 'vitest';
import { describeChange, formatMinor, formatRoas } from './change';

const count = (n: number) => n.toLocaleString('en-US');

describe('describeChange', () => {
  const week = 'the 7 days before';
  it.each([
    [{ change: 2, change_pct: 200 }, count, 'up', 'up 200% (+2) on the 7 days before'],
    [{ change: -1000, change_pct: -33.3 }, formatUsd, 'down', 'down 33.3% (−$10.00) on the 7 days before'],
    [{ change: 3, change_pct: null }, count, 'up', 'up 3 on the 7 days before (none then)'],
    [{ change: 0, change_pct: 0 }, count, 'same', 'no change on the 7 days before'],
    [{ change: 0, change_pct: null }, count, 'same', 'no change on the 7 days before'],
    [{ change: null, change_pct: null }, formatUsd, 'same', 'no change on the 7 days before'],
    [{ change: 1234, change_pct: 12.5 }, count, 'up', 'up 12.5% (+1,234) on the 7 days before'],
  ] as const)('%o → %s: %s', (figure, format, direction, text) => {
    expect(describeChange(figure, format, week)).toEqual({ direction, text });
  });
});

describe('formatMinor', () => {
  it.each([
    [21010, 'USD', '$210.10'],
    [2000, 'EUR', '€20.00'],
    [500, 'JPY', '¥500'],
    [0, 'USD', '$0.00'],
  ])('%i %s → %s', (minor, currency, text) => expect(formatMinor(minor, currency)).toBe(text));
});

describe('formatRoas', () => {
  it.each([
    [3.5, '3.50×'],
    [15.43, '15.43×'],
    [0, '0.00×'],
  ])('%d → %s', (value, text) => expect(formatRoas(value)).toBe(text));
});
