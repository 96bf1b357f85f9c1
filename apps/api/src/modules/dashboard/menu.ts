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

/** Every charge to the business's cards (campaign budgets and plans, failed attempts included). */
async function businessPayments(ctx: AppContext, user: UserRow): Promise<number> {
  const row = await ctx.db
    .selectFrom('charges')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', user.id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Movements of the influencer's balance: payments for posts and withdrawals. */
async function influencerPayments(ctx: AppContext, user: UserRow): Promise<number> {
  const row = await ctx.db
    .selectFrom('ledger_transactions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('influencer_user_id', '=', user.id)
    .where('kind', 'in', ['post_payment', 'payout', 'payout_reversal'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function businessMenuCounts(ctx: AppContext, user: UserRow) {
  const [campaigns, payments] = await Promise.all([ownCampaigns(ctx, user), businessPayments(ctx, user)]);
  return { campaigns, influencers: 0, connections: 0, posts: 0, payments };
}

export async function influencerMenuCounts(ctx: AppContext, user: UserRow) {
  const [campaigns, payments] = await Promise.all([browsableCampaigns(ctx), influencerPayments(ctx, user)]);
  return { campaigns, businesses: 0, connections: 0, payments };
}

export async function adminMenuCounts(ctx: AppContext) {
  const [campaigns, users, keywords, feedbacks, states, countries] = await Promise.all([
    countRows(ctx, 'campaigns'),
    countRows(ctx, 'users'),
    countRows(ctx, 'interests'),
    countRows(ctx, 'feedback'),
    countRows(ctx, 'states'),
    countRows(ctx, 'countries'),
  ]);
  return { campaigns, users, keywords, feedbacks, reviews: 0, states, countries };
}
