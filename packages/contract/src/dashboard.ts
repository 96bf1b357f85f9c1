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
