import { onFirstUse } from './format';

const relative = onFirstUse(() => new Intl.RelativeTimeFormat('en-US', { numeric: 'always' }));

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/**
 * How long ago `iso` was, in the largest whole unit: "just now" under a minute, "5 minutes ago", "2 hours ago",
 * "3 days ago", "1 month ago". A time slightly in the future (a clock ahead of this one) reads "just now";
 * an unreadable one is empty.
 */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  const elapsed = now - then;
  for (const [unit, ms] of UNITS) {
    if (elapsed >= ms) return relative().format(-Math.floor(elapsed / ms), unit);
  }
  return 'just now';
}
