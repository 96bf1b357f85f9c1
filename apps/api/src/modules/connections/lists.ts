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
import { CONNECTION_COLUMNS } from './queries';
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

/**
 * The name of the other side, for the spec's default sort `name`. An influencer's is `influencerNameSql`
 * lower-cased, read from the displayed names the profile keeps lower-cased (`directory_first_name`, `_last_name`:
 * migration 0029; lower() maps character by character, so it commutes with the concatenation and the trim), so
 * the page's keys need no join to the influencer's user.
 */
function counterpartName(actor: Actor): RawBuilder<string> {
  return actor.type === 'influencer'
    ? sql<string>`lower(b.business_name)`
    : sql<string>`trim(p.directory_first_name || ' ' || p.directory_last_name)`;
}

/** The connection's and its influencer profile's columns of a row (ConnectionViewRow), kept by the visible set. */
const VISIBLE_COLUMNS = [
  ...CONNECTION_COLUMNS,
  'cn.campaign_id',
  'p.id as influencer_id',
  'p.first_name',
  'p.last_name',
  'p.instagram_username',
  'p.city as influencer_city',
  'p.rating as influencer_rating',
  'p.state_id as influencer_state_id',
] as const;

/** The same columns as the page `cn` holds them (read from the visible set `v`). */
const PAGE_COLUMNS = [
  'v.id',
  'v.business_id',
  'v.influencer_user_id',
  'v.campaign_id',
  'v.status',
  'v.initiated_by',
  'v.source',
  'v.message',
  'v.created_at',
  'v.updated_at',
  'v.responded_at',
  'v.completed_at',
  'v.cancelled_at',
  'v.influencer_id',
  'v.first_name',
  'v.last_name',
  'v.instagram_username',
  'v.influencer_city',
  'v.influencer_rating',
  'v.influencer_state_id',
  'v.sort_key',
] as const;

/**
 * The statement of one page of connections. The visible set `v` (connections and their influencers' profiles,
 * with what the sort reads) is read once, materialized: the per-status counts group it, the page sorts and cuts
 * it. The page's rows are then joined to their campaign, business and influencer's user by primary key,
 * laterally (held by `OFFSET 0`: without statistics PostgreSQL hashed every connection and user to join the
 * page's 10 rows); before, the visible set was read twice (counts, page keys) and the page joined back to it.
 * The row has connectionQuery's columns (queries.ts), which the presenter reads.
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
  const sortsByBusinessName = query.sortBy === 'name' && actor.type === 'influencer';
  const direction = (ob: OrderByItemBuilder) =>
    (query.sortDesc === 'desc' ? ob.desc() : ob.asc()).nullsLast();
  const visibleSet = ctx.db
    .selectFrom('connections as cn')
    .innerJoin('influencer_profiles as p', 'p.user_id', 'cn.influencer_user_id')
    .$if(sortsByBusinessName, (q) => q.innerJoin('businesses as b', 'b.id', 'cn.business_id'))
    .$if(sortsByCampaign, (q) => q.innerJoin('campaigns as c', 'c.id', 'cn.campaign_id'))
    .where(visible(s))
    .select([...VISIBLE_COLUMNS, sort[query.sortBy].as('sort_key')]);
  return ctx.db
    .with(
      (cte) => cte('v').materialized(),
      () => visibleSet,
    )
    .selectFrom((eb) =>
      eb
        .selectFrom('v')
        .select(PAGE_COLUMNS)
        .$if(s.status !== undefined, (q) => q.where('v.status', '=', s.status as ConnectionStatus))
        .orderBy(sql`v.sort_key`, direction)
        .orderBy('v.id', query.sortDesc)
        // Literal, not parameters, so that PostgreSQL keeps one generic plan for the prepared statement
        // (see campaigns/lists.ts).
        .limit(sql.lit(query.items))
        .offset(sql.lit((query.page - 1) * query.items))
        .as('cn'),
    )
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('campaigns as c')
          .innerJoin('campaign_types as t', 't.id', 'c.type_id')
          .select(['c.id', 'c.title', 'c.status', 'c.start_date', 'c.end_date', 't.name as type_name'])
          .whereRef('c.id', '=', 'cn.campaign_id')
          .offset(sql.lit(0))
          .as('c'),
      (join) => join.onTrue(),
    )
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('businesses as b')
          .innerJoin('users as bu', 'bu.id', 'b.user_id')
          .select(['b.user_id', 'b.business_name', 'bu.avatar', 'bu.avatar_type'])
          .whereRef('b.id', '=', 'cn.business_id')
          .offset(sql.lit(0))
          .as('b'),
      (join) => join.onTrue(),
    )
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('users as iu')
          .select(['iu.given_name', 'iu.family_name', 'iu.avatar', 'iu.avatar_type'])
          .whereRef('iu.id', '=', 'cn.influencer_user_id')
          .offset(sql.lit(0))
          .as('iu'),
      (join) => join.onTrue(),
    )
    .select([
      ...CONNECTION_COLUMNS,
      'c.id as campaign_id',
      'c.title as campaign_title',
      'c.status as campaign_status',
      'c.start_date as campaign_start_date',
      'c.end_date as campaign_end_date',
      'c.type_name as campaign_type_name',
      'b.user_id as business_user_id',
      'b.business_name',
      'b.avatar as business_avatar',
      'b.avatar_type as business_avatar_type',
      'cn.influencer_id',
      'cn.first_name',
      'cn.last_name',
      'cn.instagram_username',
      'cn.influencer_city',
      'cn.influencer_rating',
      'iu.given_name',
      'iu.family_name',
      'iu.avatar as influencer_avatar',
      'iu.avatar_type as influencer_avatar_type',
    ])
    .select((eb) => [
      eb
        .selectFrom('states as s')
        .select('s.name')
        .whereRef('s.id', '=', 'cn.influencer_state_id')
        .as('influencer_state'),
      eb
        .exists(
          eb
            .selectFrom('reviews as r')
            .select('r.id')
            .whereRef('r.connection_id', '=', 'cn.id')
            .where('r.author_user_id', '=', s.reviewer),
        )
        .as('reviewed'),
      countsByKey(
        eb
          .selectFrom('v')
          .select(['v.status', (e) => e.fn.countAll<number>().as('n')])
          .groupBy('v.status'),
        'status',
      ).as('status_counts'),
    ])
    .orderBy(sql`cn.sort_key`, direction)
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
