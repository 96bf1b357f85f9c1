import { describe, expect, it } from 'vitest';
import { timeAgo } from './time-ago';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const before = (ms: number) => new Date(NOW - ms).toISOString();

describe('timeAgo', () => {
  it.each([
    [0, 'just now'],
    [59_000, 'just now'],
    [-30_000, 'just now'],
    [60_000, '1 minute ago'],
    [5 * 60_000 + 59_000, '5 minutes ago'],
    [2 * 3_600_000, '2 hours ago'],
    [23 * 3_600_000 + 59 * 60_000, '23 hours ago'],
    [86_400_000, '1 day ago'],
    [3 * 86_400_000 + 5 * 3_600_000, '3 days ago'],
    [14 * 86_400_000, '2 weeks ago'],
    [45 * 86_400_000, '1 month ago'],
    [400 * 86_400_000, '1 year ago'],
  ])('%i ms ago → %s', (ms, expected) => {
    expect(timeAgo(before(ms), NOW)).toBe(expected);
  });
  it('is empty for an unreadable time', () => {
    expect(timeAgo('not a time', NOW)).toBe('');
  });
});
