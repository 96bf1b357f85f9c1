import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

/*
 * The connection read model: the queries whose rows presenter.ts turns into the contract's shapes
 * (presenters run no queries; docs/ARCHITECTURE.md).
 */

/**
 * The connection's own columns of a view row (ConnectionViewRow), as `cn`: the connection here, the page's rows
 * in lists.ts (its visible set and its page select).
 */
export const CONNECTION_COLUMNS = [
  'cn.id',
  'cn.business_id',
  'cn.influencer_user_id',
  'cn.status',
  'cn.initiated_by',
  'cn.source',
  'cn.message',
  'cn.created_at',
  'cn.updated_at',
  'cn.responded_at',
  'cn.completed_at',
  'cn.cancelled_at',
] as const;

/**
 * The columns every connection view needs: the row, its campaign, both sides' public fields, and whether
 * `reviewerUserId` (the caller) has reviewed it.
 */
export function connectionQuery(db: Kysely<DB>, reviewerUserId: number) {
  return db
    .selectFrom('connections as cn')
    .innerJoin('campaigns as c', 'c.id', 'cn.campaign_id')
    .innerJoin('campaign_types as t', 't.id', 'c.type_id')
    .innerJoin('businesses as b', 'b.id', 'cn.business_id')
    .innerJoin('users as bu', 'bu.id', 'b.user_id')
    .innerJoin('users as iu', 'iu.id', 'cn.influencer_user_id')
    .innerJoin('influencer_profiles as p', 'p.user_id', 'cn.influencer_user_id')
    .select([
      ...CONNECTION_COLUMNS,
      'c.id as campaign_id',
      'c.title as campaign_title',
      'c.status as campaign_status',
      'c.start_date as campaign_start_date',
      'c.end_date as campaign_end_date',
      't.name as campaign_type_name',
      'b.user_id as business_user_id',
      'b.business_name',
      'bu.avatar as business_avatar',
      'bu.avatar_type as business_avatar_type',
      'p.id as influencer_id',
      'p.first_name',
      'p.last_name',
      'p.instagram_username',
      'p.city as influencer_city',
      'p.rating as influencer_rating',
      'iu.given_name',
      'iu.family_name',
      'iu.avatar as influencer_avatar',
      'iu.avatar_type as influencer_avatar_type',
    ])
    .select((eb) => [
      // A subquery rather than a join: the list joins its page keys to this query, and from nine relations on
      // PostgreSQL (join_collapse_limit 8) no longer reorders joins but reads them in the written order.
      eb
        .selectFrom('states as s')
        .select('s.name')
        .whereRef('s.id', '=', 'p.state_id')
        .as('influencer_state'),
      eb
        .exists(
          eb
            .selectFrom('reviews as r')
            .select('r.id')
            .whereRef('r.connection_id', '=', 'cn.id')
            .where('r.author_user_id', '=', reviewerUserId),
        )
        .as('reviewed'),
    ]);
}
export type ConnectionViewRow = Awaited<
  ReturnType<ReturnType<typeof connectionQuery>['executeTakeFirstOrThrow']>
>;

/** SQL of `influencerName` (lib/people), for sorting and searching. */
export const influencerNameSql = sql<string>`trim(coalesce(p.first_name, iu.given_name) || ' ' || coalesce(p.last_name, iu.family_name))`;
