import { LIVE_CONNECTION_STATUSES } from '@reach/contract/connections';
import type {
  BusinessesPage,
  BusinessListItem,
  BusinessSortKey,
  businessesQuery,
} from '@reach/contract/directory';
import { type Expression, type Kysely, sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { z } from 'zod';
import type { Actor } from '../../actor';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { avatarUrl } from '../../lib/people';

type Query = z.output<typeof businessesQuery>;

const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Businesses listed for influencers: named, with an active account. */
export function businessBase(db: Kysely<DB>) {
  return db
    .selectFrom('businesses as b')
    .innerJoin('users as bu', 'bu.id', 'b.user_id')
    .leftJoin('states as s', 's.id', 'b.state_id')
    .where('bu.status', '=', 'active')
    .where('b.business_name', 'is not', null);
}

const ratingSql = sql<number | null>`(select round(avg(rv.rating)::numeric, 2) from reviews rv
  where rv.subject_user_id = b.user_id and rv.status = 'visible' and rv.author_type = 'influencer')`;
const activeCampaignsSql = sql<number>`(select count(*) from campaigns ac where ac.business_id = b.id and ac.status = 'active')`;

/** Whether influencer `userId` has a live connection with row `b`. */
const connectedSql = (userId: number) => sql<boolean>`exists (select 1 from connections cn
  where cn.business_id = b.id and cn.influencer_user_id = ${userId}
  and cn.status in (${sql.join(LIVE_CONNECTION_STATUSES.map((s) => sql.lit(s)))}))`;

export function selectBusinessColumns(q: ReturnType<typeof businessBase>, actor: Actor) {
  return q
    .select([
      'b.id',
      'b.user_id',
      'b.business_name',
      'b.type',
      'b.city',
      's.name as state',
      's.code as state_code',
      'b.website',
      'b.description',
      'bu.avatar',
      'bu.avatar_type',
      'bu.created_at as member_since',
      ratingSql.as('rating'),
      activeCampaignsSql.as('active_campaigns'),
      (actor.type === 'influencer' ? connectedSql(actor.userId) : sql<boolean>`false`).as('connected'),
    ])
    .select((eb) => [
      jsonArrayFrom(
        eb
          .selectFrom('campaign_interests as ci')
          .innerJoin('campaigns as tc', 'tc.id', 'ci.campaign_id')
          .innerJoin('interests as i', 'i.id', 'ci.interest_id')
          .select(['i.id', 'i.name'])
          .distinct()
          .whereRef('tc.business_id', '=', 'b.id')
          .where('tc.status', '=', 'active')
          .orderBy('i.name')
          .limit(6),
      ).as('tags'),
      eb
        .selectFrom('reviews as rv')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('rv.subject_user_id', '=', 'b.user_id')
        .where('rv.status', '=', 'visible')
        .where('rv.author_type', '=', 'influencer')
        .as('reviews_count'),
    ]);
}
type Row = Awaited<ReturnType<ReturnType<typeof selectBusinessColumns>['executeTakeFirstOrThrow']>>;

export function presentBusinessItem(ctx: AppContext, r: Row): BusinessListItem {
  return {
    id: r.id,
    business_name: r.business_name,
    type: r.type,
    city: r.city,
    state: r.state,
    state_code: r.state_code,
    website: r.website,
    description: r.description,
    avatar: avatarUrl(ctx, r.avatar, r.avatar_type),
    avatarType: r.avatar_type,
    active_campaigns: Number(r.active_campaigns),
    rating: r.rating === null ? null : Number(r.rating),
    reviews_count: Number(r.reviews_count ?? 0),
    tags: r.tags,
    connected: !!r.connected,
  };
}

/**
 * GET /businesses (and GET /my/businesses with `connectedOnly`): the business directory, filtered, sorted
 * and paged in SQL.
 */
export async function listBusinesses(
  ctx: AppContext,
  actor: Actor,
  query: Query,
  opts: { connectedOnly?: boolean } = {},
): Promise<BusinessesPage> {
  let q = businessBase(ctx.db);
  if (opts.connectedOnly) q = q.where(connectedSql(actor.userId));
  if (query.name) q = q.where('b.business_name', 'ilike', like(query.name));
  if (query.campaign) {
    const pattern = like(query.campaign);
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('campaigns as fc')
          .select('fc.id')
          .whereRef('fc.business_id', '=', 'b.id')
          .where('fc.status', '=', 'active')
          .where('fc.title', 'ilike', pattern),
      ),
    );
  }
  if (query.tag !== undefined) {
    const tag = query.tag;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('campaigns as tc2')
          .innerJoin('campaign_interests as ci2', 'ci2.campaign_id', 'tc2.id')
          .select('tc2.id')
          .whereRef('tc2.business_id', '=', 'b.id')
          .where('tc2.status', '=', 'active')
          .where('ci2.interest_id', '=', tag),
      ),
    );
  }
  if (query.location) {
    const text = query.location;
    q = q.where((eb) =>
      eb.or([
        eb('b.city', 'ilike', like(text)),
        eb('s.name', 'ilike', like(text)),
        eb(eb.fn('lower', ['s.code']), '=', text.toLowerCase()),
        eb('b.postal_code', 'like', `${text.replace(/[\\%_]/g, '')}%`),
      ]),
    );
  }
  const sort: Record<BusinessSortKey, Expression<unknown>> = {
    business_name: sql`lower(b.business_name)`,
    city: sql`lower(b.city)`,
    rating: ratingSql,
    active_campaigns: activeCampaignsSql,
    created_at: sql`b.created_at`,
  };
  const [rows, total] = await Promise.all([
    selectBusinessColumns(q, actor)
      .orderBy(sort[query.sortBy], (ob) => (query.sortDesc === 'desc' ? ob.desc() : ob.asc()).nullsLast())
      .orderBy('b.id', query.sortDesc)
      .limit(query.items)
      .offset((query.page - 1) * query.items)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { data: rows.map((r) => presentBusinessItem(ctx, r)), total: Number(total.n) };
}

/** GET /businesses/list: every listed business, id and name (filters and pickers). */
export async function businessOptions(ctx: AppContext) {
  return businessBase(ctx.db)
    .select(['b.id', 'b.business_name'])
    .orderBy(sql`lower(b.business_name)`)
    .orderBy('b.id')
    .execute();
}
