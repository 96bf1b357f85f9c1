import { sql } from 'kysely';
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

/**
 * Connections of one side: `open` ones (invited, applied or accepted — still needing attention) and the
 * distinct counterparts of its live ones (the "Followed Influencers" / "Connected Businesses" of the sidebar).
 */
async function connectionFigures(ctx: AppContext, side: 'business' | 'influencer', user: UserRow) {
  let q = ctx.db
    .selectFrom('connections as cn')
    .select([
      sql<number>`count(*) filter (where cn.status in ('invited', 'applied', 'accepted'))`.as('open'),
      sql<number>`count(distinct ${sql.ref(side === 'business' ? 'cn.influencer_user_id' : 'cn.business_id')}) filter (where cn.status in ('invited', 'applied', 'accepted', 'completed'))`.as(
        'people',
      ),
    ]);
  if (side === 'business') {
    q = q.innerJoin('businesses as b', 'b.id', 'cn.business_id').where('b.user_id', '=', user.id);
  } else q = q.where('cn.influencer_user_id', '=', user.id);
  const row = await q.executeTakeFirstOrThrow();
  return { open: Number(row.open), people: Number(row.people) };
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

/** Posts of the business's campaigns awaiting its review (the badge goes down as they are approved or rejected). */
export async function postsAwaitingReview(ctx: AppContext, user: UserRow): Promise<number> {
  const row = await ctx.db
    .selectFrom('posts as po')
    .innerJoin('businesses as b', 'b.id', 'po.business_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('b.user_id', '=', user.id)
    .where('po.status', '=', 'submitted')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function businessMenuCounts(ctx: AppContext, user: UserRow) {
  const [campaigns, connections, posts, payments] = await Promise.all([
    ownCampaigns(ctx, user),
    connectionFigures(ctx, 'business', user),
    postsAwaitingReview(ctx, user),
    businessPayments(ctx, user),
  ]);
  return {
    campaigns,
    influencers: connections.people,
    connections: connections.open,
    posts,
    payments,
  };
}

export async function influencerMenuCounts(ctx: AppContext, user: UserRow) {
  const [campaigns, connections, payments] = await Promise.all([
    browsableCampaigns(ctx),
    connectionFigures(ctx, 'influencer', user),
    influencerPayments(ctx, user),
  ]);
  return { campaigns, businesses: connections.people, connections: connections.open, payments };
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

/**
 * The admin's sidebar counts. `reviews` is every review, hidden ones included: the same number as the
 * /admin/reviews list shows without filters, so hiding or showing one changes neither.
 */
export async function adminMenuCounts(ctx: AppContext) {
  const [campaigns, users, keywords, feedbacks, reviews, states, countries] = await Promise.all([
    countRows(ctx, 'campaigns'),
    countRows(ctx, 'users'),
    countRows(ctx, 'interests'),
    openFeedback(ctx),
    countRows(ctx, 'reviews'),
    countRows(ctx, 'states'),
    countRows(ctx, 'countries'),
  ]);
  return { campaigns, users, keywords, feedbacks, reviews, states, countries };
}
