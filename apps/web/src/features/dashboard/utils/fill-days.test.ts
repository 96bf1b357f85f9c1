import { describe, expect, it } from 'vitest';
import { fillDays } from './fill-days';

describe('fillDays', () => {
  it('lists every day of the period, oldest first, with zeros where the api has none', () => {
    const now = Date.parse('2026-03-14T10:00:00Z');
    const days = fillDays([{ date: '2026-03-13', value: 4 }], 3, now);
    expect(days).toEqual([
      { date: '2026-03-12', value: 0 },
      { date: '2026-03-13', value: 4 },
      { date: '2026-03-14', value: 0 },
    ]);
  });
});
