import { type PlatformPeriod, RESULTS_WEEK_DAYS } from '@reach/contract/dashboard';
import type { Actor, RequestActor } from '../../actor';

/*
 * The dashboards' rules, pure: who may read which figures, the periods they cover and how a change and a ROAS
 * are computed. Table tests in policy.test.ts.
 */

export const DAY_MS = 86_400_000;

/** Platform totals are the administrators' only. */
export function mayReadPlatformTotals(actor: Actor | RequestActor): boolean {
  return actor.type === 'admin';
}

/**
 * Whose campaign results a caller may read: a business its own (the business id every query is scoped by),
 * anyone else none.
 */
export function resultsBusinessOf(actor: Actor | RequestActor): number | null {
  return actor.type === 'business' ? actor.businessId : null;
}

/**
 * A platform period: from `from` up to now (no upper bound, so a movement written a moment after the clock was
 * read still counts), and the previous period of the same length, [previousFrom, previousTo). This month runs
 * from the 1st (UTC) and compares with the same number of elapsed days and hours of the month before (cut at
 * that month's end); all time has no start and nothing to compare with.
 */
export function platformPeriod(
  period: PlatformPeriod,
  now: Date,
): { from: Date | null; previousFrom: Date | null; previousTo: Date | null } {
  const t = now.getTime();
  switch (period) {
    case 'last_7_days':
    case 'last_30_days': {
      const days = period === 'last_7_days' ? 7 : 30;
      const from = new Date(t - days * DAY_MS);
      return { from, previousFrom: new Date(t - 2 * days * DAY_MS), previousTo: from };
    }
    case 'this_month': {
      const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      const previousFrom = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
      const previousTo = new Date(Math.min(previousFrom.getTime() + (t - from.getTime()), from.getTime()));
      return { from, previousFrom, previousTo };
    }
    case 'all_time':
      return { from: null, previousFrom: null, previousTo: null };
  }
}

/** The business results' weeks: the last 7 days up to now, and the 7 days before them. */
export function resultWeeks(now: Date): { thisWeekFrom: Date; previousWeekFrom: Date } {
  const t = now.getTime();
  return {
    thisWeekFrom: new Date(t - RESULTS_WEEK_DAYS * DAY_MS),
    previousWeekFrom: new Date(t - 2 * RESULTS_WEEK_DAYS * DAY_MS),
  };
}

const round = (value: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};

/** current − previous, and that change in percent of previous (one decimal; null when previous is 0). */
export function changeOf(current: number, previous: number): { change: number; change_pct: number | null } {
  return {
    change: current - previous,
    change_pct: previous === 0 ? null : round(((current - previous) / previous) * 100, 1),
  };
}

/**
 * ROAS = revenue in the spend's currency ÷ spend, two decimals. No spend → null with the reason; revenue in
 * other currencies is not converted, and the reason says it was left out.
 */
export function roasOf(
  revenueCents: number,
  spendCents: number,
  otherCurrencies: readonly string[],
): { value: number | null; reason: string | null } {
  if (spendCents <= 0)
    return { value: null, reason: 'No spend: nothing was paid to creators, so there is no ratio.' };
  return {
    value: round(revenueCents / spendCents, 2),
    reason:
      otherCurrencies.length > 0
        ? `USD revenue only: revenue in ${otherCurrencies.join(', ')} is not converted.`
        : null,
  };
}
