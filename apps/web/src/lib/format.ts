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

/** A calendar day as the API sends it ("2026-03-14"), not an instant. */
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar day ("2026-03-14") as a local date at midnight: read as a local day, never as UTC midnight, so it
 * shows as stored in every time zone (as UTC it would be the 13th in the US). Null for anything else.
 */
function localDay(day: string): Date | null {
  const match = CALENDAR_DAY.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const local = new Date(year, month - 1, date);
  return local.getFullYear() === year && local.getMonth() === month - 1 && local.getDate() === date
    ? local
    : null;
}

/**
 * MM/DD/YYYY (spec §9): a calendar day ("2026-03-14") as stored, an instant (ISO timestamp) in the viewer's
 * time zone.
 */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = CALENDAR_DAY.test(iso) ? localDay(iso) : new Date(iso);
  if (!date || Number.isNaN(date.getTime())) return '';
  // The local date's own fields, in the zone the page runs in now.
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getMonth() + 1)}/${two(date.getDate())}/${date.getFullYear()}`;
}

/** MM/DD/YYYY of a calendar day or an instant (the same as `formatDate`), empty for no date. */
export const formatDay = formatDate;

/** Whole days from today until the calendar day `day`, floored at 0 (spec §9); 0 on the last day itself. */
export function daysLeftUntil(day: string | null | undefined, today: Date = new Date()): number {
  if (!day) return 0;
  const instant = localDay(day) ?? new Date(day);
  if (Number.isNaN(instant.getTime())) return 0;
  const end = new Date(instant.getFullYear(), instant.getMonth(), instant.getDate());
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  // Rounded: a day across a daylight-saving change is 23 or 25 hours long.
  return Math.max(0, Math.round((end.getTime() - start.getTime()) / DAY_MS));
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

/**
 * `make()`'s value, made on the first call. An Intl formatter takes milliseconds to build, the first one of a page
 * tens on a slow phone (the locale data): built when its module is evaluated, it lengthened the task evaluating
 * a page's modules, among the longest of a first load (issue 17).
 */
export function onFirstUse<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
}

const dateTimeFormat = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-US', {
      month: '2-digit',
      day: '2-digit',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }),
);

/** MM/DD/YYYY with the time of day, e.g. "03/14/2026, 9:05 AM". */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateTimeFormat().format(date);
}

const count = onFirstUse(() => new Intl.NumberFormat('en-US'));

/** A whole number with thousands commas, e.g. 2000 → "2,000". */
export function formatCount(value: number): string {
  return count().format(value);
}

/**
 * Builds the shared count and date-time formatters ahead of the first screen that needs them, each in an idle
 * moment of its own (while a signed-in page's modules and data download). The first Intl formatter of a page
 * loads ICU's locale data: 70–220 ms on a throttled phone (traced, issue 17), which was spent inside the page's
 * first render, lengthening its longest task.
 */
export function warmFormatters(): void {
  const steps = [count, dateTimeFormat];
  const next = () => {
    const step = steps.shift();
    if (!step) return;
    step();
    whenIdle(next);
  };
  whenIdle(next);
}

/** `run` when the main thread is idle (a task of its own where requestIdleCallback is missing: Safari). */
export function whenIdle(run: () => void, timeout = 2000): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => run(), { timeout });
  else setTimeout(run, 0);
}
