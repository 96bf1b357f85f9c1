import { DATE_FORMAT } from '@reach/contract/constants';
import dayjs from 'dayjs';

/*
 * Campaign dates are calendar days (YYYY-MM-DD), not instants: they are read as local days so that a campaign
 * starting on the 14th shows 03/14 everywhere (parsing them as UTC midnight would show the 13th in the US).
 */

/** MM/DD/YYYY (spec §9); empty for no date. */
export function formatDay(day: string | null | undefined): string {
  if (!day) return '';
  const parsed = dayjs(day);
  return parsed.isValid() ? parsed.format(DATE_FORMAT) : '';
}

/** Whole days from today until `day`, floored at 0 (spec §9); 0 on the last day itself and afterwards. */
export function daysLeftUntil(day: string | null | undefined, today: Date = new Date()): number {
  if (!day) return 0;
  const end = dayjs(day);
  if (!end.isValid()) return 0;
  return Math.max(0, end.startOf('day').diff(dayjs(today).startOf('day'), 'day'));
}

/** "12 days left", "1 day left", "0 days left". */
export function daysLeftLabel(day: string | null | undefined, today?: Date): string {
  const days = daysLeftUntil(day, today);
  return `${days} ${days === 1 ? 'day' : 'days'} left`;
}

/** A date range as shown in lists: "03/14/2026 – 03/28/2026", or what is known of it. */
export function formatDayRange(start: string | null | undefined, end: string | null | undefined): string {
  const from = formatDay(start);
  const to = formatDay(end);
  if (from && to) return `${from} – ${to}`;
  if (from) return `From ${from}`;
  if (to) return `Until ${to}`;
  return 'Dates not set';
}
