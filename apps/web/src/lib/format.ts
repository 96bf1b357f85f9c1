const DAY_MS = 86_400_000;

/**
 * Days from now until `iso`, a part-day counting as a day: a 7-day trial shows 7 days left on its first day (not
 * 6 a second after it started) and 1 on its last; never below 0 (spec §9 "Days-left floors at 0").
 */
export function daysLeft(iso: string | null | undefined, now: number = Date.now()): number {
  if (!iso) return 0;
  const end = Date.parse(iso);
  return Number.isNaN(end) ? 0 : Math.max(0, Math.ceil((end - now) / DAY_MS));
}

const dateFormat = new Intl.DateTimeFormat('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' });

/** MM/DD/YYYY (spec §9). */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  month: '2-digit',
  day: '2-digit',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** MM/DD/YYYY with the time of day, e.g. "03/14/2026, 9:05 AM". */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateTimeFormat.format(date);
}

const count = new Intl.NumberFormat('en-US');

/** A whole number with thousands commas, e.g. 2000 → "2,000". */
export function formatCount(value: number): string {
  return count.format(value);
}
