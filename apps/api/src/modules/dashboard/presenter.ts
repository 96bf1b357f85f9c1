import { fromMinorUnits } from '@reach/contract/attribution';
import type {
  BusinessResults,
  PlatformFigure,
  PlatformPeriod,
  PlatformTotals,
  ResultFigure,
} from '@reach/contract/dashboard';
import { type EmvRates, emvCents, emvFormula, postEmvUnits } from '@reach/contract/reports';
import { changeOf, roasOf } from './policy';
import type { ActivePost, BusinessResultRows, PlatformTotalRows, Sums } from './queries';

/*
 * The dashboards' issue-14 answers from the rows of queries.ts: pure, no queries.
 */

const SPEND_CURRENCY = 'USD';

function figure(s: Sums): ResultFigure {
  return {
    total: s.total,
    last_7_days: s.current,
    previous_7_days: s.previous,
    ...changeOf(s.current, s.previous),
  };
}

const addSums = (a: Sums, b: Sums): Sums => ({
  total: a.total + b.total,
  current: a.current + b.current,
  previous: a.previous + b.previous,
});

export const RESULT_DEFINITIONS: BusinessResults['definitions'] = {
  clicks:
    'Clicks on the creators’ tracked links of your active campaigns; a repeat from the same browser within 30 minutes and known bots are not counted.',
  conversions:
    'Orders attributed to your active campaigns (a discount code beats a link, else the tracked click within your attribution window), by order date.',
  revenue: 'The amounts of those orders, per currency (not converted between currencies).',
  spend:
    'As the campaign report counts it: the post payments from your active campaigns’ budgets in the ledger, plus for product campaigns the product’s value × each creator with an accepted or completed connection. The weeks count the post payments by the date they were paid (product value has no date).',
  roas: 'Return on ad spend: USD revenue ÷ spend.',
  emv: 'Earned media value of the approved posts of your active campaigns, by your EMV values (the formula below); the weeks by the date each post was posted.',
};

/** EMV in cents over the posts, in total and by the weeks (hundredths of a cent summed, rounded once). */
function emvSums(posts: ActivePost[], rates: EmvRates, thisWeekFrom: Date, previousWeekFrom: Date): Sums {
  let total = 0;
  let current = 0;
  let previous = 0;
  for (const post of posts) {
    const units = postEmvUnits(post, rates);
    total += units;
    if (post.submitted_at >= thisWeekFrom) current += units;
    else if (post.submitted_at >= previousWeekFrom) previous += units;
  }
  return { total: emvCents(total), current: emvCents(current), previous: emvCents(previous) };
}

export function presentBusinessResults(
  rows: BusinessResultRows,
  emv: { posts: ActivePost[]; rates: EmvRates },
  at: { asOf: Date; thisWeekFrom: Date; previousWeekFrom: Date },
): BusinessResults {
  const zero: Sums = { total: 0, current: 0, previous: 0 };
  const conversions = rows.conversions.reduce((sum, c) => addSums(sum, c.count), zero);
  const usd = rows.conversions.find((c) => c.currency === SPEND_CURRENCY)?.amount ?? zero;
  const others = rows.conversions.filter((c) => c.currency !== SPEND_CURRENCY).map((c) => c.currency);
  const spend = { ...rows.spendCents, total: rows.spendCents.total + rows.productValueCents };
  return {
    as_of: at.asOf.toISOString(),
    this_week_from: at.thisWeekFrom.toISOString(),
    previous_week_from: at.previousWeekFrom.toISOString(),
    active_campaigns: rows.activeCampaigns,
    clicks: figure(rows.clicks),
    conversions: figure(conversions),
    revenue: rows.conversions.map((c) => ({
      currency: c.currency,
      total_cents: c.amount.total,
      total: fromMinorUnits(c.amount.total, c.currency),
      last_7_days: c.amount.current,
      previous_7_days: c.amount.previous,
      ...changeOf(c.amount.current, c.amount.previous),
    })),
    spend_cents: figure(spend),
    product_value_cents: rows.productValueCents,
    spend_currency: SPEND_CURRENCY,
    emv_cents: figure(emvSums(emv.posts, emv.rates, at.thisWeekFrom, at.previousWeekFrom)),
    emv_formula: emvFormula(emv.rates),
    roas: {
      total: roasOf(usd.total, spend.total, others),
      last_7_days: roasOf(usd.current, spend.current, others),
      previous_7_days: roasOf(usd.previous, spend.previous, others),
    },
    definitions: RESULT_DEFINITIONS,
  };
}

const PLATFORM_FIGURES: Record<keyof PlatformTotalRows, { label: string; definition: string }> = {
  gmv: {
    label: 'GMV through campaigns',
    definition:
      'Paid to creators from campaign budgets: the ledger’s post payments (campaign budget → creator balance), by the date each was paid.',
  },
  funded: {
    label: 'Funded into campaigns',
    definition:
      'What businesses paid into campaign budgets by card, less the unspent budget returned to them: ledger campaign fundings minus campaign refunds.',
  },
  payouts: {
    label: 'Payouts to creators',
    definition:
      'Withdrawals the payment provider confirmed as paid: the ledger’s payouts (creator balance → bank) whose withdrawal is paid, by the date it was requested. Pending and failed ones are left out.',
  },
  subscription_revenue: {
    label: 'Subscription revenue',
    definition:
      'Plan payments: the ledger’s subscription payments (card → platform revenue), by invoice date.',
  },
};

export function presentPlatformTotals(
  rows: PlatformTotalRows,
  period: PlatformPeriod,
  at: { asOf: Date; from: Date | null; previousFrom: Date | null; previousTo: Date | null },
): PlatformTotals {
  const figures: PlatformFigure[] = (Object.keys(PLATFORM_FIGURES) as (keyof PlatformTotalRows)[]).map(
    (key) => {
      const { current, previous } = rows[key];
      const change = previous === null ? null : changeOf(current, previous);
      return {
        key,
        ...PLATFORM_FIGURES[key],
        cents: current,
        previous_cents: previous,
        change_cents: change?.change ?? null,
        change_pct: change?.change_pct ?? null,
      };
    },
  );
  return {
    period,
    currency: 'USD',
    as_of: at.asOf.toISOString(),
    from: at.from?.toISOString() ?? null,
    previous_from: at.previousFrom?.toISOString() ?? null,
    previous_to: at.previousTo?.toISOString() ?? null,
    figures,
  };
}
