import {
  CONNECTION_STATUSES,
  type ConnectionCard,
  type ConnectionSortKey,
  type ConnectionStatus,
  type ConnectionsPage,
  type connectionsQuery,
  LIVE_CONNECTION_STATUSES,
} from '@reach/contract/connections';
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { z } from 'zod';
import type { Actor } from '../../actor';
import type { AppContext } from '../../context';
import { avatarUrl, influencerName } from '../../lib/people';
import { presentConnection } from './presenter';
import { connectionQuery, influencerNameSql } from './queries';
import { CONNECTION_STATUS_ORDER } from './service';

type Query = z.output<typeof connectionsQuery>;

/** Connections per status (`count(*)`, a string when read as a column, a number inside JSON). */
type StatusCounts = Partial<Record<string, number | string>>;

/**
 * What the actor may see (their side's connections; admins: all) narrowed by the list's filters, over `cn`
 * (connections) and `p` (the influencer's profile) only, so the page query and the slimmer count share it.
 */
function visible(actor: Actor, query: Query): Expression<SqlBool> {
  const where: RawBuilder<unknown>[] = [];
  if (actor.type === 'business') where.push(sql`cn.business_id = ${actor.businessId}`);
  if (actor.type === 'influencer') where.push(sql`cn.influencer_user_id = ${actor.userId}`);
  if (query.campaign !== undefined) where.push(sql`cn.campaign_id = ${query.campaign}`);
  if (query.business !== undefined) where.push(sql`cn.business_id = ${query.business}`);
  if (query.influencer !== undefined) where.push(sql`p.id = ${query.influencer}`);
  return where.length ? sql<SqlBool>`${sql.join(where, sql` and `)}` : sql<SqlBool>`true`;
}

/** The name of the other side, for the spec's default sort `name`. */
function counterpartName(actor: Actor): Expression<string> {
  return actor.type === 'influencer'
    ? sql<string>`lower(b.business_name)`
    : sql<string>`lower(${influencerNameSql})`;
}

/** GET /my/connections: one page of the actor's connections, filtered, sorted and paged in SQL. */
export async function listConnections(ctx: AppContext, actor: Actor, query: Query): Promise<ConnectionsPage> {
  const where = visible(actor, query);
  const base = connectionQuery(ctx.db, actor).where(where);
  const rows = query.status ? base.where('cn.status', '=', query.status) : base;
  const sort: Record<ConnectionSortKey, Expression<unknown>> = {
    name: counterpartName(actor),
    campaign: sql`lower(c.title)`,
    status: CONNECTION_STATUS_ORDER,
    created_at: sql`cn.created_at`,
    updated_at: sql`cn.updated_at`,
    end_date: sql`c.end_date`,
  };
  // Counted over connections and profiles alone: every other join of the page query follows a NOT NULL
  // foreign key to a primary key (campaign, its type, business, its user, the influencer's user), so it
  // neither drops nor repeats a row, and only costs planning.
  const byStatus = ctx.db
    .selectFrom('connections as cn')
    .innerJoin('influencer_profiles as p', 'p.user_id', 'cn.influencer_user_id')
    .where(where)
    .select(['cn.status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('cn.status');
  // The per-status counts ride on the page's rows (an uncorrelated subquery, run once per statement); only an
  // empty page needs them read on their own. The total is the filtered status's count (or all of them).
  const page = await rows
    .select(
      sql<StatusCounts>`(select coalesce(json_object_agg(x.status, x.n), '{}') from (${byStatus}) as x)`.as(
        'status_counts',
      ),
    )
    .orderBy(sort[query.sortBy], (ob) => (query.sortDesc === 'desc' ? ob.desc() : ob.asc()).nullsLast())
    .orderBy('cn.id', query.sortDesc)
    // Literal, not parameters, so that PostgreSQL keeps one generic plan for the prepared statement
    // (see campaigns/lists.ts).
    .limit(sql.lit(query.items))
    .offset(sql.lit((query.page - 1) * query.items))
    .execute();
  const found: StatusCounts =
    page[0]?.status_counts ?? Object.fromEntries((await byStatus.execute()).map((r) => [r.status, r.n]));
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
