import { z } from 'zod';

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
