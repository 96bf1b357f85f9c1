import {
  CONNECTION_STATUSES,
  type ConnectionCard,
  type ConnectionSortKey,
  type ConnectionStatus,
  type ConnectionsPage,
  type connectionsQuery,
  LIVE_CONNECTION_STATUSES,
} from '@reach/contract/connections';
import { type Expression, type OrderByItemBuilder, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { z } from 'zod';
import type { Actor } from '../../actor';
import type { AppContext } from '../../context';
import { countsByKey } from '../../db/aggregates';
import { StatementShapes } from '../../db/statement-shapes';
import { avatarUrl, influencerName } from '../../lib/people';
import { presentConnection } from './presenter';
import { connectionQuery, influencerNameSql } from './queries';
import { CONNECTION_STATUS_ORDER } from './service';

type Query = z.output<typeof connectionsQuery>;

/** Connections per status (`count(*)`, a string when read as a column, a number inside JSON). */
type StatusCounts = Partial<Record<string, number | string>>;

/** What a page's statement reads of the actor and the list's filters (see StatementShapes). */
type Scope = {
  /** The caller: their own reviews mark a connection `reviewed`. */
  reviewer: number;
  /** A business sees its connections; an influencer, theirs; an admin, all. */
  ownBusiness: number | undefined;
  ownInfluencerUser: number | undefined;
  campaign: number | undefined;
  business: number | undefined;
  influencer: number | undefined;
  status: ConnectionStatus | undefined;
};

const scopeOf = (actor: Actor, query: Query): Scope => ({
  reviewer: actor.userId,
  ownBusiness: actor.type === 'business' ? actor.businessId : undefined,
  ownInfluencerUser: actor.type === 'influencer' ? actor.userId : undefined,
  campaign: query.campaign,
  business: query.business,
  influencer: query.influencer,
  status: query.status,
});

/**
 * What the actor may see narrowed by the list's filters (the status aside), over `cn` (connections) and `p`
 * (the influencer's profile) only, so the page query and the slimmer count share it.
 */
function visible(s: Scope): Expression<SqlBool> {
  const where: RawBuilder<unknown>[] = [];
  if (s.ownBusiness !== undefined) where.push(sql`cn.business_id = ${s.ownBusiness}`);
  if (s.ownInfluencerUser !== undefined) where.push(sql`cn.influencer_user_id = ${s.ownInfluencerUser}`);
  if (s.campaign !== undefined) where.push(sql`cn.campaign_id = ${s.campaign}`);
  if (s.business !== undefined) where.push(sql`cn.business_id = ${s.business}`);
  if (s.influencer !== undefined) where.push(sql`p.id = ${s.influencer}`);
  return where.length ? sql<SqlBool>`${sql.join(where, sql` and `)}` : sql<SqlBool>`true`;
}

/**
 * The connections per status of the visible set. Counted over connections and profiles alone: every other
 * join of the page query follows a NOT NULL foreign key to a primary key (campaign, its type, business, its
 * user, the influencer's user), so it neither drops nor repeats a row, and only costs planning.
 */
function statusCounts(ctx: AppContext, s: Scope) {
  return ctx.db
    .selectFrom('connections as cn')
    .innerJoin('influencer_profiles as p', 'p.user_id', 'cn.influencer_user_id')
    .where(visible(s))
    .select(['cn.status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('cn.status');
}

/** The name of the other side, for the spec's default sort `name`. */
function counterpartName(actor: Actor): RawBuilder<string> {
  return actor.type === 'influencer'
    ? sql<string>`lower(b.business_name)`
    : sql<string>`lower(${influencerNameSql})`;
}

/**
 * The statement of one page of connections. The visible set is sorted and cut to the page over connections,
 * profiles and what the sort reads (page keys), and the page's rows then joined to the rest of the view; the
 * per-status counts ride on its rows (an uncorrelated subquery, run once per statement).
 */
function pageQuery(ctx: AppContext, actor: Actor, s: Scope, query: Query) {
  const sort: Record<ConnectionSortKey, RawBuilder<unknown>> = {
    name: counterpartName(actor),
    campaign: sql`lower(c.title)`,
    status: CONNECTION_STATUS_ORDER,
    created_at: sql`cn.created_at`,
    updated_at: sql`cn.updated_at`,
    end_date: sql`c.end_date`,
  };
  const sortsByCampaign = query.sortBy === 'campaign' || query.sortBy === 'end_date';
  const sortsByName = query.sortBy === 'name';
  const direction = (ob: OrderByItemBuilder) =>
    (query.sortDesc === 'desc' ? ob.desc() : ob.asc()).nullsLast();
  const visibleKeys = ctx.db
    .selectFrom('connections as cn')
    .innerJoin('influencer_profiles as p', 'p.user_id', 'cn.influencer_user_id')
    .$if(sortsByName && actor.type !== 'influencer', (q) =>
      q.innerJoin('users as iu', 'iu.id', 'cn.influencer_user_id'),
    )
    .$if(sortsByName && actor.type === 'influencer', (q) =>
      q.innerJoin('businesses as b', 'b.id', 'cn.business_id'),
    )
    .$if(sortsByCampaign, (q) => q.innerJoin('campaigns as c', 'c.id', 'cn.campaign_id'))
    .where(visible(s));
  const pageKeys = (s.status !== undefined ? visibleKeys.where('cn.status', '=', s.status) : visibleKeys)
    .select(['cn.id', sort[query.sortBy].as('sort_key')])
    .orderBy(sql`sort_key`, direction)
    .orderBy('cn.id', query.sortDesc)
    // Literal, not parameters, so that PostgreSQL keeps one generic plan for the prepared statement
    // (see campaigns/lists.ts).
    .limit(sql.lit(query.items))
    .offset(sql.lit((query.page - 1) * query.items));
  const counts = statusCounts(ctx, s);
  return connectionQuery(ctx.db, s.reviewer)
    .innerJoin(pageKeys.as('pk'), 'pk.id', 'cn.id')
    .select(countsByKey(counts, 'status').as('status_counts'))
    .orderBy(sql`pk.sort_key`, direction)
    .orderBy('cn.id', query.sortDesc);
}

/** The page statements, one per shape (the actor's side, the filters set, the sort, the page). */
const pages = new StatementShapes();

/** GET /my/connections: one page of the actor's connections, filtered, sorted and paged in SQL. */
export async function listConnections(ctx: AppContext, actor: Actor, query: Query): Promise<ConnectionsPage> {
  const scope = scopeOf(actor, query);
  const page = await pages.execute(
    ctx.db,
    `${actor.type} ${query.sortBy} ${query.sortDesc} ${query.items} ${query.page}`,
    scope,
    (slotted) => pageQuery(ctx, actor, slotted, query),
  );
  // Only an empty page has no row to carry the counts. The total is the filtered status's count (or all).
  const found: StatusCounts =
    page[0]?.status_counts ??
    Object.fromEntries((await statusCounts(ctx, scope).execute()).map((r) => [r.status, r.n]));
  const counts = Object.fromEntries(CONNECTION_STATUSES.map((s) => [s, Number(found[s] ?? 0)])) as Record<
    ConnectionStatus,
    number
  >;
  const total = query.status
    ? counts[query.status as ConnectionStatus]
    : Object.values(counts).reduce((sum, n) => sum + n, 0);
  return { data: page.map((r) => presentConnection(ctx, actor, r)), total, counts };
}

/**
 * GET /my/connections/list: one card per counterpart (spec §3 "Connection card") among the actor's live
 * connections, the most recently active first; `latest` keeps the sidebar's few.
 */
export async function connectionCards(
  ctx: AppContext,
  actor: Actor,
  latest: boolean,
): Promise<ConnectionCard[]> {
  const limit = latest ? 8 : 500;
  if (actor.type === 'influencer') {
    const rows = await ctx.db
      .selectFrom('connections as cn')
      .innerJoin('businesses as b', 'b.id', 'cn.business_id')
      .innerJoin('users as bu', 'bu.id', 'b.user_id')
      .select([
        'b.id',
        'b.business_name',
        'bu.avatar',
        'bu.avatar_type',
        (eb) => eb.fn.max('cn.updated_at').as('last'),
      ])
      .where('cn.influencer_user_id', '=', actor.userId)
      .where('cn.status', 'in', LIVE_CONNECTION_STATUSES)
      .groupBy(['b.id', 'b.business_name', 'bu.avatar', 'bu.avatar_type'])
      .orderBy('last', 'desc')
      .orderBy('b.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      influencer_id: null,
      name: null,
      business_name: r.business_name,
      avatar: avatarUrl(ctx, r.avatar, r.avatar_type),
      avatarType: r.avatar_type,
    }));
  }
  if (actor.type !== 'business') return [];
  const rows = await ctx.db
    .selectFrom('connections as cn')
    .innerJoin('influencer_profiles as p', 'p.user_id', 'cn.influencer_user_id')
    .innerJoin('users as iu', 'iu.id', 'cn.influencer_user_id')
    .select([
      'p.id',
      'p.first_name',
      'p.last_name',
      'iu.given_name',
      'iu.family_name',
      'iu.avatar',
      'iu.avatar_type',
      (eb) => eb.fn.max('cn.updated_at').as('last'),
    ])
    .where('cn.business_id', '=', actor.businessId)
    .where('cn.status', 'in', LIVE_CONNECTION_STATUSES)
    .groupBy([
      'p.id',
      'p.first_name',
      'p.last_name',
      'iu.given_name',
      'iu.family_name',
      'iu.avatar',
      'iu.avatar_type',
    ])
    .orderBy('last', 'desc')
    .orderBy('p.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    influencer_id: r.id,
    name: influencerName(r),
    business_name: null,
    avatar: avatarUrl(ctx, r.avatar, r.avatar_type),
    avatarType: r.avatar_type,
  }));
}

/** GET /my/connections/businesses: the businesses an influencer has any connection with, by name. */
export async function connectedBusinessOptions(ctx: AppContext, actor: Actor) {
  return ctx.db
    .selectFrom('businesses as b')
    .select(['b.id', 'b.business_name'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('connections as cn')
          .select('cn.id')
          .whereRef('cn.business_id', '=', 'b.id')
          .where('cn.influencer_user_id', '=', actor.userId),
      ),
    )
    .orderBy(sql`lower(b.business_name)`, (ob) => ob.asc().nullsLast())
    .orderBy('b.id')
    .execute();
}
