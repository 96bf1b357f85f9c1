import { z } from 'zod';
import { campaignPipeline, pipelineBudget } from './campaign-pipeline';

/** Menu counts of spec §3. */
export const businessMenu = z.object({
  campaigns: z.number().int(),
  influencers: z.number().int(),
  connections: z.number().int(),
  posts: z.number().int(),
  payments: z.number().int(),
});
export const influencerMenu = z.object({
  campaigns: z.number().int(),
  businesses: z.number().int(),
  connections: z.number().int(),
  payments: z.number().int(),
});
export const adminMenu = z.object({
  campaigns: z.number().int(),
  users: z.number().int(),
  keywords: z.number().int().describe('Shown as interests'),
  feedbacks: z.number().int(),
  reviews: z.number().int(),
  states: z.number().int(),
  countries: z.number().int(),
});

const stat = z.object({
  key: z.string(),
  label: z.string(),
  value: z.number(),
  hint: z.string().nullable(),
  /** How to show `value`: a plain number (default), or an amount in cents shown as dollars. */
  format: z.enum(['number', 'cents']).optional(),
});
const point = z.object({ date: z.string(), value: z.number() });
const activity = z.object({ id: z.string(), text: z.string(), at: z.string(), link: z.string().nullable() });

/** GET /dashboard/{businesses|influencers|admin}: headline figures, one trend series and recent activity. */
export const dashboard = z
  .object({
    stats: z.array(stat),
    trend: z.object({ label: z.string(), points: z.array(point) }),
    activity: z.array(activity),
  })
  .meta({ id: 'Dashboard' });
export type Dashboard = z.infer<typeof dashboard>;

/** A campaign whose remaining budget is low: below a fifth of its budget (or nothing left at all). */
const lowBudgetCampaign = z.object({
  campaign_id: z.number().int(),
  title: z.string(),
  remaining_cents: z.number().int(),
  total_budget_cents: z.number().int().nullable(),
});

/** What the business should act on now. */
export const dashboardAttention = z
  .object({
    posts_to_review: z.number().int().describe('Submitted posts awaiting the business’s review'),
    invitations_pending: z
      .number()
      .int()
      .describe('Creators invited to an open campaign who have not answered'),
    applications_pending: z
      .number()
      .int()
      .describe('Creators who applied to an open campaign, awaiting an answer'),
    low_budget: z
      .array(lowBudgetCampaign)
      .describe('Active campaigns with less than a fifth of their budget left'),
  })
  .meta({ id: 'DashboardAttention' });
export type DashboardAttention = z.infer<typeof dashboardAttention>;

/** One active campaign's results: the figures of its pipeline (GET /campaign/{id}/pipeline). */
export const dashboardCampaignResult = z
  .object({
    campaign_id: z.number().int(),
    title: z.string(),
    creators: z
      .number()
      .int()
      .describe('Creators accepted or further along (not invited, applied or declined)'),
    results: campaignPipeline.shape.results,
    budget: pipelineBudget,
  })
  .meta({ id: 'DashboardCampaignResult' });
export type DashboardCampaignResult = z.infer<typeof dashboardCampaignResult>;

/** GET /dashboard/businesses: headline figures, what needs attention, each active campaign's results, activity. */
export const businessDashboard = z
  .object({
    stats: z.array(stat),
    attention: dashboardAttention,
    campaigns: z.array(dashboardCampaignResult),
    activity: z.array(activity),
  })
  .meta({ id: 'BusinessDashboard' });
export type BusinessDashboard = z.infer<typeof businessDashboard>;

// ---------------------------------------------------------------------------------------------------------------
// Results across the business's active campaigns (issue 14)

/** The two weeks a business's results compare: the last 7 days (up to now) and the 7 days before them. */
export const RESULTS_WEEK_DAYS = 7;

const weekChange = {
  last_7_days: z.number().int(),
  previous_7_days: z.number().int(),
  change: z.number().int().describe('last_7_days − previous_7_days'),
  change_pct: z
    .number()
    .nullable()
    .describe('The change in percent of the previous 7 days (one decimal); null when those were 0'),
};

/** A count or an amount in cents: its total over the campaigns' lives and this week against the week before. */
export const resultFigure = z.object({ total: z.number().int(), ...weekChange }).meta({ id: 'ResultFigure' });
export type ResultFigure = z.infer<typeof resultFigure>;

/** Revenue in one currency, in its minor units (no conversion between currencies). */
export const revenueFigure = z
  .object({
    currency: z.string(),
    total_cents: z.number().int().describe('Over the campaigns’ lives, in minor units'),
    total: z.string().describe('The total as a decimal string'),
    ...weekChange,
  })
  .meta({ id: 'RevenueFigure' });
export type RevenueFigure = z.infer<typeof revenueFigure>;

/** Return on ad spend: revenue ÷ spend, or null with the reason it cannot be computed. */
export const roasValue = z.object({
  value: z.number().nullable().describe('Revenue in the spend’s currency ÷ spend, two decimals'),
  reason: z.string().nullable().describe('Why there is no value, or what it leaves out'),
});
export type RoasValue = z.infer<typeof roasValue>;

/** GET /dashboard/businesses/results */
export const businessResults = z
  .object({
    as_of: z.string().describe('When the figures were read (ISO 8601)'),
    this_week_from: z.string().describe('Start of the last 7 days (ISO 8601); they run up to as_of'),
    previous_week_from: z
      .string()
      .describe('Start of the 7 days before (ISO 8601); they end at this_week_from'),
    active_campaigns: z.number().int(),
    clicks: resultFigure.describe(
      'Counted clicks on the creators’ tracked links (bots and repeats left out)',
    ),
    conversions: resultFigure.describe('Orders attributed to the active campaigns'),
    revenue: z
      .array(revenueFigure)
      .describe(
        'Revenue of those orders per currency, in its minor units (no conversion between currencies)',
      ),
    spend_cents: resultFigure.describe(
      'Spend in cents, as the campaign report counts it: the total is the post payments out of the campaigns’ ' +
        'budgets (the ledger) plus the product value given; the weeks count the post payments by the date paid ' +
        '(product value has no date)',
    ),
    product_value_cents: z
      .number()
      .int()
      .describe(
        'Of the total spend: the product’s value × each creator with an active connection, product campaigns',
      ),
    spend_currency: z.literal('USD'),
    emv_cents: resultFigure.describe(
      'Earned media value of the approved posts by the business’s EMV values, in cents; the weeks by the date posted',
    ),
    emv_formula: z.string().describe('The EMV formula with the business’s values, in words'),
    roas: z.object({ total: roasValue, last_7_days: roasValue, previous_7_days: roasValue }),
    definitions: z
      .object({
        clicks: z.string(),
        conversions: z.string(),
        revenue: z.string(),
        spend: z.string(),
        roas: z.string(),
        emv: z.string(),
      })
      .describe('Where each figure comes from, in words'),
  })
  .meta({ id: 'BusinessResults' });
export type BusinessResults = z.infer<typeof businessResults>;

// ---------------------------------------------------------------------------------------------------------------
// Admin: platform totals (issue 14)

export const PLATFORM_PERIODS = ['last_7_days', 'last_30_days', 'this_month', 'all_time'] as const;
export type PlatformPeriod = (typeof PLATFORM_PERIODS)[number];
export const PLATFORM_PERIOD_LABELS: Record<PlatformPeriod, string> = {
  last_7_days: 'Last 7 days',
  last_30_days: 'Last 30 days',
  this_month: 'This month',
  all_time: 'All time',
};

/** GET /dashboard/admin/totals?period= */
export const platformTotalsQuery = z.object({
  period: z
    .enum(PLATFORM_PERIODS, { error: 'Choose a period: last_7_days, last_30_days, this_month or all_time.' })
    .default('last_30_days'),
});

export const PLATFORM_FIGURES = ['gmv', 'funded', 'payouts', 'subscription_revenue'] as const;

const platformFigure = z.object({
  key: z.enum(PLATFORM_FIGURES),
  label: z.string(),
  definition: z.string().describe('Which ledger movements the figure sums, in words'),
  cents: z.number().int(),
  previous_cents: z
    .number()
    .int()
    .nullable()
    .describe('The same figure in the previous period; null for all time'),
  change_cents: z.number().int().nullable(),
  change_pct: z
    .number()
    .nullable()
    .describe('One decimal; null for all time or when the previous period was 0'),
});
export type PlatformFigure = z.infer<typeof platformFigure>;

export const platformTotals = z
  .object({
    period: z.enum(PLATFORM_PERIODS),
    currency: z.literal('USD').describe('The ledger holds US dollars only'),
    as_of: z.string(),
    from: z
      .string()
      .nullable()
      .describe('Start of the period (ISO 8601); null for all time. It runs up to as_of'),
    previous_from: z.string().nullable(),
    previous_to: z.string().nullable().describe('End (exclusive) of the previous period'),
    figures: z.array(platformFigure),
  })
  .meta({ id: 'PlatformTotals' });
export type PlatformTotals = z.infer<typeof platformTotals>;

/** POST /analytics/page-view */
export const pageViewBody = z.object({
  path: z.string().trim().min(1).max(500),
  referrer: z.string().max(500).optional(),
});
/** POST /analytics/page-view answers 204 without a body. */
export const pageViewRecorded = z.null();

/** GET /admin/analytics/page-views: the last `days` days. */
export const pageViewStatsQuery = z.object({ days: z.coerce.number().int().min(1).max(365).default(30) });
export const pageViewStats = z.object({
  total: z.number().int(),
  pages: z.array(z.object({ path: z.string(), views: z.number().int(), visitors: z.number().int() })),
  daily: z.array(point),
});
