import type { AppContext } from '../../context';
import type { DB, UserRow } from '../../db/schema';

async function countRows(ctx: AppContext, table: keyof DB): Promise<number> {
  const row = await ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/*
 * Sidebar counts of spec §3. Each count is a query over its table; sections whose tables arrive with a
 * later capability (campaigns, connections, posts, payments, reviews) are added to these functions by it.
 */

/** The business's campaigns that are not archived. */
async function ownCampaigns(ctx: AppContext, user: UserRow): Promise<number> {
  const row = await ctx.db
    .selectFrom('campaigns as c')
    .innerJoin('businesses as b', 'b.id', 'c.business_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('b.user_id', '=', user.id)
    .where('c.status', '<>', 'archived')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Campaigns an influencer can browse (the active ones). */
async function browsableCampaigns(ctx: AppContext): Promise<number> {
  const row = await ctx.db
    .selectFrom('campaigns')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function businessMenuCounts(ctx: AppContext, user: UserRow) {
  return { campaigns: await ownCampaigns(ctx, user), influencers: 0, connections: 0, posts: 0, payments: 0 };
}

export async function influencerMenuCounts(ctx: AppContext, _user: UserRow) {
  return { campaigns: await browsableCampaigns(ctx), businesses: 0, connections: 0, payments: 0 };
}

/** Feedback still waiting for an answer: the admin's to-do, so the badge goes down as items are resolved. */
async function openFeedback(ctx: AppContext): Promise<number> {
  const row = await ctx.db
    .selectFrom('feedback')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function adminMenuCounts(ctx: AppContext) {
  const [campaigns, users, keywords, feedbacks, states, countries] = await Promise.all([
    countRows(ctx, 'campaigns'),
    countRows(ctx, 'users'),
    countRows(ctx, 'interests'),
    openFeedback(ctx),
    countRows(ctx, 'states'),
    countRows(ctx, 'countries'),
  ]);
  return { campaigns, users, keywords, feedbacks, reviews: 0, states, countries };
}
