import { type Expression, sql } from 'kysely';
import { jsonObjectFrom } from 'kysely/helpers/postgres';
import type { BusinessActor, CallerColumns } from '../../actor';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { StatementShapes } from '../../db/statement-shapes';

/*
 * Sidebar counts of spec §3. Each count is a query over its table; sections whose tables arrive with a
 * later capability (campaigns, connections, posts, payments, reviews) are added to these functions by it.
 */

type Db = AppContext['db'];
const count = sql<number>`count(*)`;
/** An id as a value, or as the caller statement's column (CallerColumns). */
type Id = number | Expression<number>;

/** The business's campaigns that are not archived. */
function ownCampaigns(db: Db, businessId: Id) {
  return db
    .selectFrom('campaigns')
    .select(count.as('n'))
    .where('business_id', '=', businessId)
    .where('status', '<>', 'archived');
}

/** Campaigns an influencer can browse (the active ones). */
function browsableCampaigns(db: Db) {
  return db.selectFrom('campaigns').select(count.as('n')).where('status', '=', 'active');
}

/**
 * Connections of one side: `open` ones (invited, applied or accepted — still needing attention) and the
 * distinct counterparts of its live ones (the "Followed Influencers" / "Connected Businesses" of the sidebar).
 */
function connectionFigures(db: Db, side: 'business' | 'influencer', id: Id) {
  return db
    .selectFrom('connections as cn')
    .select([
      sql<number>`count(*) filter (where cn.status in ('invited', 'applied', 'accepted'))`.as('open'),
      sql<number>`count(distinct ${sql.ref(side === 'business' ? 'cn.influencer_user_id' : 'cn.business_id')}) filter (where cn.status in ('invited', 'applied', 'accepted', 'completed'))`.as(
        'people',
      ),
    ])
    .where(side === 'business' ? 'cn.business_id' : 'cn.influencer_user_id', '=', id);
}

/** Every charge to the business's cards (campaign budgets and plans, failed attempts included). */
function businessPayments(db: Db, userId: Id) {
  return db.selectFrom('charges').select(count.as('n')).where('user_id', '=', userId);
}

/** Movements of the influencer's balance: payments for posts and withdrawals. */
function influencerPayments(db: Db, userId: Id) {
  return db
    .selectFrom('ledger_transactions')
    .select(count.as('n'))
    .where('influencer_user_id', '=', userId)
    .where('kind', 'in', ['post_payment', 'payout', 'payout_reversal']);
}

/** Posts of the business's campaigns awaiting its review (the badge goes down as they are approved or rejected). */
function ownPostsAwaitingReview(db: Db, businessId: Id) {
  return db
    .selectFrom('posts')
    .select(count.as('n'))
    .where('business_id', '=', businessId)
    .where('status', '=', 'submitted');
}

/*
 * Each role's counts are one statement (scalar subqueries beside the connection figures): one round trip and
 * one pooled connection per request rather than one per count. The menu is read on every page: its route reads
 * it with the caller's statement (CallerColumns, one JSON value), so the request runs no statement of its own;
 * the functions below read it on its own, for whoever has no request (tests compare the two).
 */
const menus = new StatementShapes();

type BusinessMenuRow = { open: number; people: number; campaigns: number; posts: number; payments: number };
type InfluencerMenuRow = { open: number; people: number; campaigns: number; payments: number };
type AdminMenuRow = Record<
  'campaigns' | 'users' | 'keywords' | 'feedbacks' | 'reviews' | 'states' | 'countries',
  number
>;

function businessMenuQuery(db: Db, ids: { businessId: Id; userId: Id }) {
  return db
    .selectFrom(connectionFigures(db, 'business', ids.businessId).as('cf'))
    .select((eb) => [
      'cf.open',
      'cf.people',
      eb.selectFrom(ownCampaigns(db, ids.businessId).as('x')).select('x.n').as('campaigns'),
      eb.selectFrom(ownPostsAwaitingReview(db, ids.businessId).as('x')).select('x.n').as('posts'),
      eb.selectFrom(businessPayments(db, ids.userId).as('x')).select('x.n').as('payments'),
    ]);
}

function influencerMenuQuery(db: Db, userId: Id) {
  return db
    .selectFrom(connectionFigures(db, 'influencer', userId).as('cf'))
    .select((eb) => [
      'cf.open',
      'cf.people',
      eb.selectFrom(browsableCampaigns(db).as('x')).select('x.n').as('campaigns'),
      eb.selectFrom(influencerPayments(db, userId).as('x')).select('x.n').as('payments'),
    ]);
}

/** The rows of `table`. */
const all = (db: Db, table: 'campaigns' | 'users' | 'interests' | 'reviews' | 'states' | 'countries') =>
  db.selectFrom(table).select(count.as('n'));

/**
 * The admin's sidebar counts. `reviews` is every review, hidden ones included: the same number as the
 * /admin/reviews list shows without filters, so hiding or showing one changes neither. `feedbacks` is the
 * feedback still waiting for an answer: the admin's to-do, so the badge goes down as items are resolved.
 */
function adminMenuQuery(db: Db) {
  return db.selectNoFrom((eb) => [
    eb.selectFrom(all(db, 'campaigns').as('x')).select('x.n').as('campaigns'),
    eb.selectFrom(all(db, 'users').as('x')).select('x.n').as('users'),
    eb.selectFrom(all(db, 'interests').as('x')).select('x.n').as('keywords'),
    eb
      .selectFrom(db.selectFrom('feedback').select(count.as('n')).where('status', '=', 'open').as('x'))
      .select('x.n')
      .as('feedbacks'),
    eb.selectFrom(all(db, 'reviews').as('x')).select('x.n').as('reviews'),
    eb.selectFrom(all(db, 'states').as('x')).select('x.n').as('states'),
    eb.selectFrom(all(db, 'countries').as('x')).select('x.n').as('countries'),
  ]);
}

/** The business's sidebar counts, read by the caller's statement (its route's `callerColumns`). */
export const businessMenu: CallerColumns<BusinessMenuRow> = {
  key: 'menu-business',
  select: (db, ids) => jsonObjectFrom(businessMenuQuery(db, ids)).$castTo<BusinessMenuRow | null>(),
};

/** The influencer's sidebar counts, read by the caller's statement (its route's `callerColumns`). */
export const influencerMenu: CallerColumns<InfluencerMenuRow> = {
  key: 'menu-influencer',
  select: (db, ids) =>
    jsonObjectFrom(influencerMenuQuery(db, ids.userId)).$castTo<InfluencerMenuRow | null>(),
};

/** The admin's sidebar counts, read by the caller's statement (its route's `callerColumns`). */
export const adminMenu: CallerColumns<AdminMenuRow> = {
  key: 'menu-admin',
  select: (db) => jsonObjectFrom(adminMenuQuery(db)).$castTo<AdminMenuRow | null>(),
};

function found<T>(row: T | null | undefined): T {
  if (!row) throw new Error('the menu counts statement returned no row');
  return row;
}

export function presentBusinessMenu(counts: BusinessMenuRow | null | undefined) {
  const row = found(counts);
  return {
    campaigns: Number(row.campaigns),
    influencers: Number(row.people),
    connections: Number(row.open),
    posts: Number(row.posts),
    payments: Number(row.payments),
  };
}

export function presentInfluencerMenu(counts: InfluencerMenuRow | null | undefined) {
  const row = found(counts);
  return {
    campaigns: Number(row.campaigns),
    businesses: Number(row.people),
    connections: Number(row.open),
    payments: Number(row.payments),
  };
}

export function presentAdminMenu(counts: AdminMenuRow | null | undefined) {
  const row = found(counts);
  return {
    campaigns: Number(row.campaigns),
    users: Number(row.users),
    keywords: Number(row.keywords),
    feedbacks: Number(row.feedbacks),
    reviews: Number(row.reviews),
    states: Number(row.states),
    countries: Number(row.countries),
  };
}

/** The business's sidebar counts in a statement of their own. */
export async function businessMenuCounts(ctx: AppContext, business: BusinessActor) {
  const ids = { businessId: business.businessId, userId: business.userId };
  const [row] = await menus.execute(ctx.db, 'business', ids, (slotted) => businessMenuQuery(ctx.db, slotted));
  return presentBusinessMenu(row as BusinessMenuRow | undefined);
}

/** The influencer's sidebar counts in a statement of their own. */
export async function influencerMenuCounts(ctx: AppContext, user: UserRow) {
  const [row] = await menus.execute(ctx.db, 'influencer', { userId: user.id }, (v) =>
    influencerMenuQuery(ctx.db, v.userId),
  );
  return presentInfluencerMenu(row as InfluencerMenuRow | undefined);
}

/** The admin's sidebar counts in a statement of their own. */
export async function adminMenuCounts(ctx: AppContext) {
  const row = await adminMenuQuery(ctx.db).executeTakeFirstOrThrow();
  return presentAdminMenu(row as AdminMenuRow);
}
